import { NavBar, Toast } from 'antd-mobile'
import type { LoginInfo } from '@seal/shared/api/auth'
import { FaceCheck } from '../../components/face-capture/face-check.tsx'

const FACE_PASSED = '人脸验证成功'

/** The face check before login (spec 002 §4 step 3); success hands the verification serial on. */
export function LoginFaceCheck({ me, onPassed }: { me: LoginInfo; onPassed: (serialNo: string) => void }) {
  return (
    <div>
      <NavBar back={null}>人脸识别</NavBar>
      <p className="page-hint">为保障账户安全，登录前需完成本人人脸识别：{me.personName}</p>
      <FaceCheck
        person={{ idCardNo: me.personCard, realName: me.personName }}
        onPassed={(serialNo) => {
          Toast.show({ icon: 'success', content: FACE_PASSED })
          onPassed(serialNo)
        }}
      />
    </div>
  )
}
