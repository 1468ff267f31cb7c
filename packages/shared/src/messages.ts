/**
 * Chinese user messages of the specs' error catalogues and validation sections (000 §5, §8;
 * 001 §5, §8; 002 §5, §8), keyed by meaning and quoted exactly, punctuation included: where two
 * screens word one meaning differently, both are kept. Messages the spec does not give are in
 * `ownMessages` so a reader can tell ours from the spec's.
 */
export const messages = {
  // Session and transport (000 §8, 001 §8)
  serviceDisconnected: '服务已断开，请退出后重新打开',
  serverError: '服务器异常，请稍后再试',
  timeout: '程序超时请重试',
  duplicateRequest: '请求重复',
  networkError: '网络异常',
  submitFailed: '提交失败',
  requestFailed: '请求失败',
  requestErrorContactAdmin: '请求报错，请联系管理员',
  operationError: '操作异常！',
  queryFailed: '查询失败',
  missingApplyId: '参数缺少申请编号',
  missingParameter: '参数缺失',
  fileIdNotFound: '文件ID不存在',
  fileLoadFailed: '文件加载失败',
  loadingRetry: '正在加载，请重试',
  noMorePages: '已经到底了',

  // Start-up and accounts (001 §6, 002 §4)
  entryClosed: '电子印章入口已关闭，如需帮助可联系系统管理员。',
  missingIdentity: '缺少用户信息!',
  switchToPersonalAccount: '请切换至个人账户进行个人电子名章申请',
  enterpriseMismatch: '企业信息不匹配!',

  // Success notices
  refreshed: '刷新成功',
  modified: '修改成功',
  passwordChanged: '密码修改成功',
  authorizationRemoved: '解除授权成功',
  sealCancelled: '注销成功',
  copied: '复制成功',
  operationSucceeded: '操作成功',
  draftSaved: '暂存成功',
  applicationRevoked: '撤销成功',
  withdrawn: '撤回成功',
  withdrawFailed: '撤回失败',

  // Phone and SMS code
  invalidPhone: '请输入正确的手机号码',
  invalidPhoneShort: '请输入正确的手机号',
  invalidOperatorPhone: '请输入正确的手机号！',
  invalidLegalPhone: '请输入正确的法人手机号',
  invalidManagerPhone: '请输入正确的管理员电话号码',
  smsCodeRequired: '请输入验证码',

  // ID numbers
  idCardRequired: '请输入身份证',
  invalidIdCard: '请输入正确的身份证',
  idCardTooLong: '请输入18位身份证件号码',
  invalidIdCardNumber: '请输入正确的身份证件号码',
  invalidCertificateNumber: '请输入正确的证件号码',
  invalidLegalIdNumber: '请输入正确的法人证件号码',
  invalidOperatorIdNumber: '请输入正确的经办人证件号码',
  invalidManagerIdNumber: '请输入正确的管理员证件号码',
  underMinimumAge: '未满14周岁人员不支持申请个人名章',

  // Names
  invalidPersonName: '请填写正确的姓名',
  invalidSealUserName: '请输入合法的用章人姓名',
  invalidLegalRepresentativeName: '请输入正确的法定代表人姓名（不包含空格与数字）',
  invalidLegalPersonTitle: '请填写正确的法人名称',
  invalidLegalName: '请输入正确的法人姓名',
  invalidOperatorName: '请输入正确的经办人姓名',
  invalidManagerName: '请输入正确的管理员姓名',
  invalidUnitName: '请输入正确的单位名称',
  unitNameTooShort: '单位名称过短',
  unitNameTooLong: '单位名称过长',
  /** The new wizard's wording (001 §5), doubled 名称 included. */
  unitNameTooLongWizard: '单位名称名称过长',
  otherSealNameRequired: '请完善其他类型印章名称',
  otherSealNameDuplicate: '其他类型印章名称不允许重复',

  // Unit, credit code and choices
  invalidCreditCode: '社会信用代码有误',
  invalidCreditCodeWizard: '请输入正确的社会信用代码',
  unitTypeRequired: '请选择单位类型',
  unitTypeEmpty: '单位类型不能为空',
  registrationPlaceRequired: '请选择注册地',
  unitRegistrationPlaceRequired: '请选择单位注册地',
  sealTypeRequired: '请选择印章类型',
  sealRequired: '请选择印章！',
  officialSealRequired: '请选择单位公章',
  signatureRequired: '请选择签名',
  filingNumberRequired: '请选择备案号',
  sealCodeQueryRequired: '请输入印章编码进行查询',
  noFilingNumber: '无备案号',
  alreadyApplied: '（已申请）',
  requiredChoice: '（必选）',

  // Uploads and recognition
  idPhotoRequired: '请上传证件照片',
  businessLicenseRequired: '请上传营业执照',
  sealImageRequired: '请上传印章图片',
  sealPatternRequired: '请上传印章图样',
  applicationFormRequired: '请上传申请表！',
  idFrontRequired: '请上传身份证正面',
  idBackRequired: '请上传身份证反面',
  operatorIdFrontRequired: '请上传经办人证件照人像面照片',
  operatorIdBackRequired: '请上传经办人证件照国徽面照片',
  legalIdFrontRequired: '请上传法人证件照人像面照片',
  legalIdBackRequired: '请上传法人证件照国徽面照片',
  managerIdFrontRequired: '请上传管理员证件照人像面照片',
  managerIdBackRequired: '请上传管理员证件照国徽面照片',
  invalidCertificate: '请上传有效证件！',
  certificateExpired: '证件已过期，请上传有效证件！',
  idBackInvalid: '请上传正确的证件国徽面',
  idNumberNotLoginNumber: '证件号与登录号码不一致，请重新上传',
  idNumberNotLegalNumber: '证件号与法定代表人证件号码不一致，请重新上传',
  licenceCreditCodeDiffers: '您上传的单位证照社会统一信用代码与当前不一致，请重新上传',
  licenceDiffers: '营业执照与当前执照不一致，请重新上传！',
  licenceDiffersFromSeal: '营业执照与当前印章信息不一致，请重新上传！',
  licenceUploadError: '营业执照上传异常，请重新上传！',
  ocrFailed: 'ocr识别失败，请重新上传！',
  imageRecognitionFailed: '图片识别失败',
  imageUploadFailed: '图片上传失败',
  fileUploadFailed: '文件上传失败',

  // Verification
  licenceVerificationFailed: '营业执照验证失败',
  licenceVerificationRejectedRetry: '营业执照验证不通过，请重试',
  licenceVerificationRejected: '营业执照验证不通过',
  fourElementsFailed: '四要素验证失败',
  impressionExtractionFailed: '印模提取失败',
  /** Seal photo out of focus (guidance code 1006; our wording). */
  stampPhotoBlurred: '照片模糊，请对准印章重新拍摄',
  /** The seal's ring or the text across could not be read exactly (guidance code 1011; our wording). */
  sealFaceUnread: '未能准确识别印章上的单位名称和印章名称，请对准印章重新拍摄；仍无法识别时可提交人工审核',
  sealNotFound: '未查询到印章',
  faceCancelled: '人脸识别已取消',
  faceCheckFailed: '人脸核验失败，请重试',
  faceScriptLoadFailed: '人脸js加载失败，请退出后重试！',
  faceVerifiedRedirecting: '人脸验证成功，2秒后自动跳转',
  signatureSampleMissing: '缺少签字留样数据，请切换使用密码用章',
  signatureNotRecognized: '识别不通过',
  /** Ours: what to do after 识别不通过 (the spec gives only the verdict). */
  signatureRetryHint: '与之前的签名不一致。请用平时的笔迹工整书写本人姓名，字形、大小与前几次保持一致，再签一次。',

  // Application queries and results
  sealInfoLoadFailed: '获取印章信息失败，请重试',
  noApplicableSealTypes: '暂无可申请的印章类型',
  noActivatableSealTypes: '暂无可激活的印章类型',
  noChangeableSeals: '暂无可变更的印章',
  /** 'No seals found to renew' (001 §9; the spec gives it in English): no seal named is renewable. */
  noRenewableSeals: '暂无可续期的印章',
  /** Ours: 001 §1 and §6 say an administrative or public institution (06) cannot choose renewal, quoting no message. */
  institutionCannotRenew: '行政事业单位不可申请印章续期',
  personalSealExists: '个人名章正在申请中或生效中，请勿重新申请！',
  /** 'seal in application cannot be selected' (001 §8; the spec gives it in English): another application under way names it. */
  sealInApplication: '该印章已在其他申请中，不可选择',
  /** Ours: a unit applying again for a seal type it holds (the picker marks it （已申请）, 001 step 1). */
  sealTypeAlreadyHeld: '该类型印章已申请，请勿重复申请！',
  draftFound: '检测到您有暂存的数据，是否继续申请?',
  nothingChanged: '检查到信息未发生更新，不可进行变更，请返回确认信息',
  legalApplicantNothingChanged: '企业名称与法人姓名未发生变化，无需变更',
  operatorNothingChanged: '企业名称、法人姓名、法人证件号均未发生变化，无需变更',
  applyFailed: '申请失败',
  applyRefused: '您已拒绝电子印章申请',
  signingCompleted: '已完成签署',
  renewalAdvice: '建议同时续期即将到期的印章',
  otherSealsLimit: '限制20枚',

  // Signing and PDF
  signingCancelled: '取消签署',
  signingSdkLoadFailed: '签署SDK加载失败，请退出重试！',
  pdfLoadFailed: 'PDF加载失败',
  pdfLoading: 'PDF加载中',
  pdfNoData: '没有PDF数据',

  // Seal password (000 §5, 001 §5, 002 §5)
  sealPasswordRule: '请输入6-16位密码（数字/字母/特殊符号任意两种）',
  sealPasswordHint: '密码必须是6-16位英文、数字、特殊符号组合（不能是纯数字）',
  sealPasswordRequired: '请输入印章密码',
  wrongSealPassword: '请输入正确的印章密码',
  currentSealPasswordRequired: '请填写印章密码',
  cancelPasswordRequired: '请填写密码',
  passwordRequired: '请输入密码',
  passwordIncorrectRetry: '密码不正确请重新输入',
  verificationFailed: '验证失败',
  passwordsDiffer: '两次密码不相等',
  operatorPasswordsDiffer: '两次密码不一致',
  operatorManagerPasswordsDiffer: '印章管理员两次密码不一致',
  legalPasswordRequired: '请输入法人用章密码',
  legalPasswordRule: '法人用章密码必须是6-16位英文、数字、特殊符号组合（不能是纯数字）！',
  legalPasswordsDiffer: '法人用章密码两次不一致',
  managerPasswordRequired: '请输入管理员密码',
  managerPasswordsDiffer: '管理员用章密码两次不一致',
  bindingPasswordRule: '请输入正确的用章密码（数字+字母组合）',

  // Authorization (000 §5, §8)
  authorizationItemRequired: '请选择授权事项',
  endTimeRequired: '请设置结束时间',
  startBeforeNow: '开始时间不能小于当前时间',
  endBeforeStart: '结束时间不能小于开始时间',
  startBeforeNowWizard: '开始时间不能小于当前时间!',
  endBeforeStartWizard: '结束时间不能小于开始时间!',
  validationFailed: '校验失败，请检查',
  noSealInfo: '暂未获取到印章信息，请重新操作！',
  cannotAuthorize: '无法授权',
  noAuthorizableSeal: '暂无可授权印章，无法授权',
  sealCancelledAcceptFailed: '印章已注销，接受授权失败',
  emptyOrganisation: '当前组织架构为空，请管理员在PC端维护组织架构后方可授权。',
  cannotRemoveLegalPersonAuthorization: '无法解除法人授权，若法人已变更，请变更印章信息',
  legalPersonCannotRemoveSelf: '法人无法解除自己的授权',
  cannotRemoveManagerAuthorization: '无法解除管理员授权，请联系法人或企业帐号管理员',
  notAuthorizeNow: '暂不授权',
  collectNow: '现在采集',

  // Use records (000 §5)
  recordEndBeforeStart: '您的结束时间不能小于开始时间!',
  recordRangeTooLong: '时间周期不能大于12个月,请重新选择!',

  // Seal list (000 §2)
  unavailableSealsGroup: '以下章不可用',
  showMore: '点击查看更多',
  expiringSoon: '即将到期',
  noAvailableSeal: '暂无可用电子印章信息，请联系法人申请或授权使用',

  // Binding (002 §5)
  selectSealToBind: '请先选择绑定印章，完成用章确认',
  unboundSealsConfirm: '您有未绑定印章，是否确认提交',
  platformConfigNotFound: '未找到指定平台配置项，请确认',
  platformSearchEmpty: '搜索无结果，请检查输入的平台名称',
} as const

export type MessageKey = keyof typeof messages

/** Messages with a slot, built exactly as the spec writes them ({reason}, {msg}, {types}). */
export const messageTemplates = {
  /** The seal's ring names another unit, with what was read (guidance code 1010). */
  sealNameMismatch: (read: string) => `请上传与申请企业名称一致的印章${read ? `（印章上识别为：${read}）` : ''}`,
  /** The text across is another seal type's, with what was read (guidance code 1010). */
  sealTypeMismatch: (expected: string, read: string) => `请上传${expected}的盖印照片${read ? `（印章中间识别为：${read}）` : '（印章中间没有印章名称）'}`,
  /** 文件上传失败:{reason} */
  fileUploadFailed: (reason: string) => `文件上传失败:${reason}`,
  /** 图片上传失败:{reason} */
  imageUploadFailed: (reason: string) => `图片上传失败:${reason}`,
  /** 加载失败,{msg} (draft load) */
  draftLoadFailed: (msg: string) => `加载失败,${msg}`,
  /** 请求失败{msg} (renewal submit) */
  requestFailed: (msg: string) => `请求失败${msg}`,
  /** 接口错误{msg} */
  interfaceError: (msg: string) => `接口错误${msg}`,
  /** 上传证件信息与当前{法人|经办人}身份信息不一致，请重新上传！ */
  identityMismatch: (who: '法人' | '经办人') => `上传证件信息与当前${who}身份信息不一致，请重新上传！`,
  /** 需要拥有{types},才能进行授权 (every listed type required) */
  sealAuthRuleAll: (types: string) => `需要拥有${types},才能进行授权`,
  /** 需要拥有{types}其中一种类型印章,才能进行授权 (any listed type) */
  sealAuthRuleAny: (types: string) => `需要拥有${types}其中一种类型印章,才能进行授权`,
  /** 未采集…签字，无法完成授权。 with who is missing (e.g. 法人) in place of … */
  signatureNotCollected: (who: string) => `未采集${who}签字，无法完成授权。`,
  /** 未满14周岁人员不支持申请个人名章 with the configured minimum age. */
  underMinimumAge: (age: number) => `未满${age}周岁人员不支持申请个人名章`,
  /** The file size cannot exceed {n}M (002 §5; wording ours). */
  fileTooLarge: (megabytes: number) => `文件大小不能超过${megabytes}M`,
  /** Only the accepted types may be uploaded (002 §5; wording ours). */
  fileTypeNotAccepted: (accepted: string) => `请上传${accepted}格式的文件`,
  /** The licence is not of the chosen unit type (001 §5; wording ours), e.g. unitTypeMismatch('普通企业'). */
  unitTypeMismatch: (unitTypeLabel: string) => `您上传的证照不是${unitTypeLabel}，请检查后重试`,
} as const

/** Messages the spec implies but does not quote; our wording. */
export const ownMessages = {
  invalidSmsCode: '请输入正确的验证码',
  invalidSealName: '印章名称应为2-20位汉字或数字',
  // 注销印章 opened by a caller who may not cancel (issue #19 §4): said before the form, not after the PIN.
  cancelOnlyHolderPersonal: '只有印章本人可以注销该印章。',
  cancelNotForAuthorizedUser: '您是该印章的用章人，无权注销该印章，如需注销请联系法人或印章管理员。',
  // The enterprise login's home when an operator's application waits for the legal representative (issue #19 §4).
  pendingSignOnPersonalLogin: '有待签署的申请，请以个人登录（同一手机号）在待办中心处理',
  // What happened after the legal representative signed an operator's application (待办 处理结果), by its status.
  signedWaitingReview: '已提交平台审核，等待平台审核，审核结果将短信通知经办人',
  signedApprovedAndMade: '审核已通过，电子印章已制作完成，结果已短信通知经办人',
  signedApprovedMaking: '审核已通过，电子印章正在制作',
  signedReviewFailed: '审核未通过，结果已短信通知经办人，经办人可重新申请',
  signedThenWithdrawn: '经办人已撤回该申请',
  // The wizard's step-2 passwords (issue #19 §4): the legal representative's is the seal's PIN, one name
  // everywhere (印章密码); the spec's checks call it 法人用章密码, so the hint ties the two.
  sealPinHint: '即电子印章的印章密码，用章时输入（校验提示中称“法人用章密码”）',
  managerPasswordHint: '印章管理员用章时输入的用章密码',
  cancelSealsWarning: '单位核验已通过，提交后以下印章将立即注销，数字证书同时吊销，不可恢复：',
  cancelByApplicationForManager: '印章管理员不能直接注销印章，请提交注销申请，审核通过后注销。',
} as const
