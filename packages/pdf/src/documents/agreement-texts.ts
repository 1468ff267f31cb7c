/**
 * The texts of the service's agreements. They are written for this service (not copied from any
 * provider) and are meant to be reviewed by the operator's counsel before production use; the
 * operator's name, the platform and the age threshold are parameters.
 */

export type AgreementKind =
  | 'seal-service'
  | 'personal-seal'
  | 'real-name'
  | 'platform-binding'
  | 'user-terms'
  | 'privacy'
  | 'certificate-subscriber'

export type AgreementContext = {
  /** Party A, the operator of the service. */
  provider: string
  /** Whether party B is a unit (acting through its legal representative) or a person. */
  applicantKind: 'unit' | 'person'
  /** The business platform a binding agreement names; "接入本服务的业务平台" when absent. */
  platformName?: string
  /** Minimum age of a personal name seal applicant (spec 002: 14 by default). */
  minimumAge: number
  /** The customer-service line, when configured. */
  supportPhone?: string
}

export type AgreementClause = { heading: string; items: string[] }

export type AgreementText = { title: string; preamble: string; clauses: AgreementClause[]; closing: string }

const laws = '《中华人民共和国民法典》《中华人民共和国电子签名法》《中华人民共和国个人信息保护法》'

function personalInformationClause(context: AgreementContext, scope: string): AgreementClause {
  return {
    heading: '个人信息保护',
    items: [
      `甲方仅为提供本协议约定服务之目的，在必要范围内处理${scope}，不作其他用途。`,
      '身份证件号码、人脸图像等属于敏感个人信息，甲方仅在取得乙方单独同意后处理，并采取加密存储、访问控制、操作留痕等措施予以保护。',
      '未经乙方同意，甲方不向任何第三方提供乙方个人信息，但为完成身份核验委托依法设立的认证机构处理，或法律、行政法规另有规定的除外。',
      `乙方依法享有查阅、复制、更正、补充、删除其个人信息及撤回同意的权利${context.supportPhone ? `，可通过客服电话${context.supportPhone}行使` : ''}；撤回同意不影响撤回前基于同意已进行的处理活动的效力。`,
    ],
  }
}

function effectClause(ends: string): AgreementClause {
  return {
    heading: '协议的生效、终止与争议解决',
    items: [
      `本协议自乙方以电子签名方式签署之日起生效，${ends}。`,
      '本协议终止后，甲方按照法律法规规定的期限保存相关记录；本协议终止前已签署的电子文件，其效力不受影响。',
      '因本协议引起的或与本协议有关的争议，双方应友好协商解决；协商不成的，任何一方均可向甲方住所地有管辖权的人民法院提起诉讼。',
    ],
  }
}

function sealServiceText(context: AgreementContext): AgreementText {
  return {
    title: '电子印章服务协议',
    preamble: `为规范电子印章的申请、制作、使用和管理，保障双方合法权益，根据${laws}等法律法规，甲乙双方在平等、自愿的基础上，就甲方向乙方提供电子印章服务事宜达成如下协议。乙方在签署前应仔细阅读本协议全部条款，特别是涉及责任承担和责任限制的条款。`,
    clauses: [
      {
        heading: '定义',
        items: [
          '电子印章：指以数字证书和印章图像为载体，由甲方依乙方申请制作、与乙方唯一对应，用于签署电子文件的电子签章数据。',
          '印章密码：指乙方为使用电子印章而设置的密码，是使用电子印章的授权凭证。',
          '用章人：指经乙方授权，可在授权期限和授权范围内使用或管理乙方电子印章的自然人。',
        ],
      },
      {
        heading: '服务内容',
        items: [
          '甲方向乙方提供电子印章的申请、制作、激活、使用、授权、变更、续期、注销和找回服务，并提供用章记录查询、业务平台绑定等配套功能。',
          '电子印章所依附的数字证书由甲方运营的证书服务签发，有效期以证书记载为准；有效期届满前，乙方可申请续期。',
        ],
      },
      {
        heading: '申请与身份核验',
        items: [
          '乙方应如实提供单位名称、统一社会信用代码、营业执照，以及法定代表人、经办人、印章管理员的身份信息，并保证其真实、准确、完整、有效。',
          '甲方通过企业信息核验、人脸识别、短信验证等方式核验乙方及相关人员的身份；核验未通过的，甲方有权不予办理或转人工审核，人工审核一般需要1至2个工作日。',
          '乙方的单位名称、法定代表人等信息发生变化的，应及时申请变更电子印章；因信息不实或未及时变更造成的后果，由乙方承担。',
        ],
      },
      {
        heading: '印章密码的设置与保管',
        items: [
          '印章密码由乙方自行设置，甲方仅保存其经不可逆运算得到的校验值，任何人（包括甲方工作人员）均无法获知密码原文。',
          '乙方应妥善保管印章密码，不得泄露或交由他人使用。凡经正确的印章密码或签名核验使用电子印章的行为，均视为乙方的行为。',
          '连续输错印章密码达到规定次数的，电子印章将被暂时锁定；乙方可通过人脸识别等方式核验身份后重置密码。',
          '乙方发现印章密码泄露或电子印章可能被盗用的，应立即修改密码或申请注销电子印章，并及时通知甲方。',
        ],
      },
      {
        heading: '使用与授权',
        items: [
          '乙方可授权用章人使用或管理电子印章。授权应通过本服务签署印章使用授权书，载明授权期限、授权范围和用章方式。',
          '乙方对用章人在授权期限和授权范围内的用章行为承担责任；授权事由消灭的，乙方应及时解除授权。',
          '每次使用电子印章，系统均生成数字签名并留存用章记录，乙方可随时查询。',
        ],
      },
      {
        heading: '责任与免责',
        items: [
          '甲方应保障电子印章服务安全、稳定运行，依法保管电子印章密钥及相关数据；因甲方过错给乙方造成损失的，甲方依法承担赔偿责任。',
          '因乙方提供信息不实、保管不善、违法使用电子印章或授权不当造成的损失，由乙方自行承担；给甲方或第三方造成损失的，乙方应依法赔偿。',
          '因不可抗力、通信线路故障、第三方原因等非甲方过错导致服务中断的，甲方不承担责任，但应及时告知并尽力恢复服务。',
        ],
      },
      personalInformationClause(
        context,
        '乙方法定代表人、经办人、印章管理员及用章人的姓名、身份证件号码、手机号码、人脸图像等个人信息；乙方保证已就提供上述信息取得相关人员的同意',
      ),
      effectClause('至乙方全部电子印章注销之日终止'),
    ],
    closing: '乙方确认已阅读并理解本协议全部条款，同意按照本协议的约定申请和使用电子印章服务。',
  }
}

function personalSealText(context: AgreementContext): AgreementText {
  return {
    title: '个人电子名章申请协议',
    preamble: `为规范个人电子名章的申请和使用，保障双方合法权益，根据${laws}等法律法规，甲乙双方在平等、自愿的基础上达成如下协议。乙方在签署前应仔细阅读本协议全部条款。`,
    clauses: [
      {
        heading: '定义',
        items: [
          '个人电子名章：指以数字证书和乙方姓名印章图像为载体，由甲方依乙方申请制作、与乙方本人唯一对应，用于乙方签署电子文件的电子印章。',
          '印章密码：指乙方为使用个人电子名章而设置的密码，是使用名章的授权凭证。',
        ],
      },
      {
        heading: '申请条件',
        items: [
          `乙方应为年满${context.minimumAge}周岁、使用本人居民身份证申请的自然人；未满十八周岁的，应在监护人知悉并同意的情况下申请。`,
          '乙方应使用个人账户本人申请，不得冒用他人身份或代他人申请。',
        ],
      },
      {
        heading: '身份核验与签名采集',
        items: [
          '乙方同意甲方通过身份证件信息核验、人脸识别（含活体检测）和短信验证等方式核验其身份。',
          '乙方应本人手写签名，甲方采集的签名样本用于制作签名图像和后续签名核验，不作其他用途。',
        ],
      },
      {
        heading: '名章样式与制作',
        items: [
          '乙方可在甲方提供的样式中选择名章样式，名章图像仅包含乙方登记的姓名。',
          '甲方依据核验通过的身份信息为乙方制作名章并签发数字证书，证书载明乙方姓名和有效期。',
        ],
      },
      {
        heading: '印章密码与使用',
        items: [
          '印章密码由乙方自行设置，甲方仅保存其不可逆的校验值。乙方应妥善保管，凡经正确印章密码使用名章的行为，均视为乙方本人的行为。',
          '乙方可将名章授权他人使用或绑定至业务平台，并对授权和绑定期间的用章行为负责；每次用章均留存记录，乙方可随时查询。',
          '乙方发现印章密码泄露或名章可能被盗用的，应立即修改密码或申请注销名章。',
        ],
      },
      {
        heading: '责任',
        items: [
          '甲方应保障服务安全、稳定运行，依法保管名章密钥及相关数据；因甲方过错给乙方造成损失的，甲方依法承担赔偿责任。',
          '因乙方提供虚假信息、保管不善或违法使用名章造成的损失，由乙方自行承担。',
        ],
      },
      personalInformationClause(
        context,
        '乙方的姓名、身份证件号码、手机号码、身份证件照片、人脸图像和手写签名等个人信息',
      ),
      effectClause('至乙方的个人电子名章注销之日终止'),
    ],
    closing: '乙方确认已阅读并理解本协议全部条款，同意申请并按照本协议的约定使用个人电子名章。',
  }
}

function realNameText(context: AgreementContext): AgreementText {
  return {
    title: '实名认证服务协议',
    preamble: `为确认电子印章服务用户身份的真实性，根据${laws}等法律法规，甲乙双方就实名认证服务达成如下协议。`,
    clauses: [
      {
        heading: '服务内容',
        items: [
          '甲方为乙方提供实名认证服务：将乙方提交的姓名、身份证件号码、手机号码和人脸图像与权威数据源进行比对，确认乙方身份的真实性。',
          '认证结果仅用于电子印章的申请、变更、授权、激活及印章密码重置等业务。',
        ],
      },
      {
        heading: '认证方式',
        items: [
          '实名认证采用身份证件信息核验、人脸识别（含活体检测）和手机短信验证码等方式，具体方式以办理业务时页面提示为准。',
          '为完成认证，甲方可能委托依法设立的身份认证服务机构进行比对，并要求其履行与本协议同等的保密和个人信息保护义务。',
        ],
      },
      {
        heading: '乙方的义务',
        items: [
          '乙方应由本人完成认证，提交的信息应真实、准确，不得冒用他人身份或协助他人冒用身份。',
          '乙方应妥善保管手机及短信验证码，因乙方泄露验证码造成的损失由乙方自行承担。',
        ],
      },
      personalInformationClause(
        context,
        '乙方的姓名、身份证件号码、手机号码、身份证件照片和人脸图像；人脸图像仅用于本次认证比对，比对完成后不用于其他目的',
      ),
      {
        heading: '认证结果与责任',
        items: [
          '认证结果表明认证时乙方提交的信息与权威数据源一致，不构成甲方对乙方其他事项的担保。',
          '因权威数据源错误、通信故障等非甲方原因导致认证失败或延迟的，甲方不承担责任，乙方可重新认证或转人工审核。',
        ],
      },
      effectClause('至本次认证所办理的业务完结之日终止'),
    ],
    closing: '乙方确认已阅读并理解本协议全部条款，同意甲方按照本协议的约定进行实名认证并处理相关个人信息。',
  }
}

function platformBindingText(context: AgreementContext): AgreementText {
  const platform = context.platformName ? `“${context.platformName}”` : '接入本服务的业务平台'
  const holder = context.applicantKind === 'unit' ? '乙方或其授权的用章人' : '乙方本人或其授权的用章人'
  return {
    title: '平台绑定用章服务协议',
    preamble: `为方便乙方在业务平台办理业务时使用电子印章，根据${laws}等法律法规，甲乙双方就平台绑定用章服务达成如下协议。`,
    clauses: [
      {
        heading: '服务内容',
        items: [
          `乙方可将其有效的电子印章绑定至${platform}（以下简称“业务平台”）。绑定后，乙方在业务平台办理业务时可调用已绑定的电子印章签署电子文件，无需重复上传印章。`,
          '一枚电子印章可绑定多个业务平台，各业务平台的绑定相互独立。',
        ],
      },
      {
        heading: '绑定与用章确认',
        items: [
          '绑定须经印章密码或签名核验确认；绑定成功后，可在“平台绑定记录”中查看绑定状态。',
          `业务平台每次调用电子印章签署文件，均须经${holder}按设定的用章方式确认；甲方记录用章时间、文件名称、业务平台和用章人等信息，乙方可随时查询。`,
        ],
      },
      {
        heading: '解除绑定',
        items: [
          '乙方可随时在“平台绑定记录”中取消绑定，取消须经印章密码确认；取消后可重新绑定。',
          '电子印章注销、冻结或证书过期的，绑定自动失效。',
        ],
      },
      {
        heading: '信息提供',
        items: [
          '绑定时，甲方仅向业务平台提供印章名称、印章类型、印章编码和印章图像等办理业务所必需的信息，不提供印章密码和电子印章密钥。',
          '业务平台对其业务规则和所签署文件的内容负责；甲方对电子印章的真实性和签署过程的安全负责；乙方对其确认签署的文件内容负责。',
        ],
      },
      personalInformationClause(context, '乙方及用章人的姓名、身份证件号码和手机号码等个人信息'),
      effectClause('至绑定全部解除之日终止'),
    ],
    closing: '乙方确认已阅读并理解本协议全部条款，同意将电子印章绑定至业务平台并按照本协议的约定使用。',
  }
}

function userTermsText(context: AgreementContext): AgreementText {
  return {
    title: '用户使用协议',
    preamble: `欢迎使用${context.provider}（以下简称“本服务”）。本协议是用户（乙方）与本服务运营方（甲方）之间关于使用本服务的约定。乙方在申请电子印章前应仔细阅读本协议；乙方点击同意或继续办理，即表示已阅读并同意本协议全部内容。`,
    clauses: [
      {
        heading: '服务说明',
        items: [
          '本服务面向单位和个人提供电子印章的申请、制作、使用、授权、变更、续期、注销和找回，以及用章记录查询、业务平台绑定等功能。',
          '本服务通过移动端页面提供，可在政务服务应用、即时通讯应用及小程序中使用；不同渠道提供的功能可能有所不同。',
        ],
      },
      {
        heading: '账户与身份',
        items: [
          '乙方应使用本人手机号码和真实身份信息登录；单位业务应由法定代表人办理，或由经法定代表人授权的经办人办理。',
          '乙方应妥善保管手机、短信验证码和印章密码，因保管不善导致的损失由乙方自行承担。',
        ],
      },
      {
        heading: '使用规范',
        items: [
          '乙方不得利用本服务从事违法活动，不得冒用他人身份申请或使用电子印章，不得以技术手段干扰本服务的正常运行。',
          '乙方违反本协议的，甲方有权暂停或终止提供服务，并依法追究其责任。',
        ],
      },
      {
        heading: '服务变更与中断',
        items: [
          '甲方可根据法律法规和业务需要调整服务内容，并以页面公告等方式告知。',
          '因系统维护、不可抗力或第三方原因导致服务中断的，甲方将尽力减少对乙方的影响并及时恢复。',
        ],
      },
      personalInformationClause(context, '乙方的姓名、身份证件号码、手机号码等个人信息，具体规则见《隐私声明》'),
      effectClause('至乙方停止使用本服务时终止'),
    ],
    closing: '乙方确认已阅读并理解本协议全部条款。',
  }
}

function privacyText(context: AgreementContext): AgreementText {
  return {
    title: '隐私声明',
    preamble: `${context.provider}（以下简称“我们”）重视您的个人信息保护。本声明说明我们在提供电子印章服务时如何收集、使用、存储和保护您的个人信息，以及您享有的权利。`,
    clauses: [
      {
        heading: '我们收集的信息',
        items: [
          '登录时：手机号码、短信验证码，以及首次登记时的姓名和身份证件号码。',
          '申请电子印章时：营业执照、法定代表人、经办人和印章管理员的身份证件照片及其识别结果、手机号码，实体印章印模照片，签署的申请文件。',
          '身份核验时：人脸图像（仅用于本次核验比对），企业信息核验的请求与结果。',
          '使用电子印章时：用章时间、文件名称、文件摘要和用章人等用章记录。',
        ],
      },
      {
        heading: '我们如何使用信息',
        items: [
          '核验您的身份和单位信息、制作和管理电子印章、审核申请、留存用章记录，以及向您发送验证码和办理结果通知。',
          '我们不会将您的信息用于上述目的以外的用途，不会向第三方出售您的个人信息。',
        ],
      },
      {
        heading: '存储与保护',
        items: [
          '您的信息存储在中华人民共和国境内；身份证件号码等敏感信息加密存储，印章密码仅保存不可逆的校验值。',
          '我们采取访问控制、操作留痕、最小权限等措施保护您的信息，并在实现处理目的所必需的最短期限内保存；法律法规另有规定的从其规定。',
        ],
      },
      {
        heading: '共享与委托处理',
        items: [
          '为完成身份核验，我们会将必要信息提供给依法设立的认证机构或有关主管部门的核验服务；为完成印章绑定，仅向您选择的业务平台提供办理业务所必需的印章信息。',
          '除上述情形和法律法规规定的情形外，未经您的同意，我们不会向第三方提供您的个人信息。',
        ],
      },
      {
        heading: '您的权利',
        items: [
          `您可以查阅、复制、更正、补充、删除您的个人信息，或撤回同意${context.supportPhone ? `，可拨打客服电话${context.supportPhone}` : ''}；撤回同意不影响此前基于同意的处理。`,
          '我们将在收到您的请求并核验身份后十五个工作日内答复。',
        ],
      },
    ],
    closing: '本声明更新时，我们将在页面显著位置提示。',
  }
}

function certificateSubscriberText(context: AgreementContext): AgreementText {
  return {
    title: '数字证书订户协议',
    preamble: `电子印章所依附的数字证书由${context.provider}运营的证书服务（甲方）签发。本协议约定甲方与证书订户（乙方）在数字证书申请、使用和撤销中的权利和义务，根据《中华人民共和国电子签名法》等法律法规订立。`,
    clauses: [
      {
        heading: '证书的申请与签发',
        items: [
          '乙方应提供真实、准确、完整的身份信息；甲方核验通过后为乙方签发数字证书，证书中载明乙方的名称（单位名称及统一社会信用代码，或个人姓名）、印章类型和印章编码。',
          '证书对应的私钥在甲方的安全环境中生成和保管，并经加密保护；私钥仅在乙方通过印章密码或签名核验授权后用于签名，任何人无法导出。',
        ],
      },
      {
        heading: '证书的使用',
        items: [
          '乙方仅可将证书用于电子印章签署，不得用于其他目的。使用证书作出的电子签名与手写签名或者盖章具有同等的法律效力。',
          '证书有效期以证书记载为准；有效期届满前乙方可申请续期，续期后签发新的证书。',
        ],
      },
      {
        heading: '证书的撤销',
        items: [
          '电子印章注销、乙方信息变更、私钥可能泄露或乙方申请时，甲方撤销相应证书，并在证书撤销列表中发布。',
          '证书撤销前已作出的电子签名，其效力不受撤销影响；撤销后不得再使用该证书签名。',
        ],
      },
      {
        heading: '双方责任',
        items: [
          '甲方应按照证书业务规则签发和管理证书，保障证书服务系统的安全；因甲方过错造成乙方损失的，依法承担赔偿责任。',
          '乙方应妥善保管印章密码，发现证书可能被冒用时及时通知甲方撤销证书；因乙方原因造成的损失由乙方承担。',
        ],
      },
      effectClause('至证书有效期届满或被撤销之日终止'),
    ],
    closing: '乙方确认已阅读并理解本协议全部条款，同意甲方为其签发数字证书。',
  }
}

/**
 * The text of an agreement for a context.
 *
 * @example
 * agreementText('real-name', { provider: '示例电子印章服务平台', applicantKind: 'person', minimumAge: 14 }).title
 * // '实名认证服务协议'
 */
export function agreementText(kind: AgreementKind, context: AgreementContext): AgreementText {
  switch (kind) {
    case 'seal-service':
      return sealServiceText(context)
    case 'personal-seal':
      return personalSealText(context)
    case 'real-name':
      return realNameText(context)
    case 'platform-binding':
      return platformBindingText(context)
    case 'user-terms':
      return userTermsText(context)
    case 'privacy':
      return privacyText(context)
    case 'certificate-subscriber':
      return certificateSubscriberText(context)
  }
}
