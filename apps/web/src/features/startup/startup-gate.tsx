import { lazy, Suspense, useEffect, useState } from 'react'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom'
import { Button, DotLoading } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { clearToken, getSessionValue, getToken, sessionKeys, setSessionValue } from '../../lib/session/session.ts'
import { useIdentityConfig } from '../../lib/session/use-identity-config.ts'
import { useLoginInfo } from '../../lib/session/use-login-info.ts'
import { recordLogin } from './api/record-login.ts'
import { StartupNotice } from './startup-notice.tsx'
import { useHostLogin } from './use-host-login.ts'

export const startupMessages = {
  entryClosed: '电子印章入口已关闭，如需帮助可联系系统管理员。',
  missingIdentity: '缺少用户信息!',
  missingIdentityHint: '请以个人身份登录，或维护姓名和身份证号后重新进入',
  serverError: '服务器异常，请稍后再试',
} as const

const LOGIN_RECORDED = 'seal.loginRecorded'

// Only deployments that configure the login face check need the camera code: loaded when asked for.
const LoginFaceCheck = lazy(() => import('./login-face-check.tsx').then((m) => ({ default: m.LoginFaceCheck })))

/**
 * Start-up (spec 002 §4): every screen behind it has a logged-in identity, an open entry, the login face
 * check when configured, and a login record. Without a token the person logs in first and comes back.
 */
export function StartupGate() {
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const hostLogin = useHostLogin()
  const hasToken = Boolean(getToken())
  const me = useLoginInfo()
  const config = useIdentityConfig()
  const [faceSerial, setFaceSerial] = useState(() => getSessionValue(sessionKeys.loginFaceSerial))

  const identity = me.data
  const settings = config.data
  const needsFace = Boolean(settings?.enableLoginFaceAuth) && !faceSerial
  const ready = Boolean(identity?.personCard && identity.personName && settings?.enable && !needsFace)

  useEffect(() => {
    if (settings) setSessionValue(sessionKeys.logoutLink, settings.logoutLink)
  }, [settings])

  useEffect(() => {
    if (!ready || !identity || getSessionValue(LOGIN_RECORDED)) return
    setSessionValue(LOGIN_RECORDED, '1')
    void recordLogin({
      identity: identity.personCard,
      name: identity.personName,
      serialNoFace: faceSerial ?? undefined,
      type: faceSerial ? 'face' : 'non-face',
    }).catch(() => setSessionValue(LOGIN_RECORDED, null))
  }, [ready, identity, faceSerial])

  useEffect(() => {
    const redirect = getSessionValue(sessionKeys.redirect)
    if (!ready || !redirect) return
    setSessionValue(sessionKeys.redirect, null)
    if (redirect !== location.pathname + location.search) navigate(redirect, { replace: true })
  }, [ready, location, navigate])

  if (hostLogin.pending) return <StartupLoading />
  if (hostLogin.error && !hasToken) {
    return <StartupNotice title={hostLogin.error} action={<Button color="primary" onClick={() => navigate('/login', { replace: true })}>去登录</Button>} />
  }
  if (!hasToken) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />
  if (me.isPending || config.isPending) return <StartupLoading />
  if (me.isError || config.isError) {
    const retry = () => void Promise.all([me.refetch(), config.refetch()])
    return <StartupNotice title={startupMessages.serverError} action={<Button color="primary" onClick={retry}>重试</Button>} />
  }
  if (!settings!.enable) return <StartupNotice title={startupMessages.entryClosed} />
  if (!identity!.personCard || !identity!.personName) {
    const relogin = () => {
      clearToken()
      queryClient.clear()
      navigate('/login', { replace: true })
    }
    return <StartupNotice title={startupMessages.missingIdentity} description={startupMessages.missingIdentityHint} action={<Button color="primary" onClick={relogin}>重新登录</Button>} />
  }
  if (needsFace) {
    return (
      <Suspense fallback={null}>
        <LoginFaceCheck
          me={identity!}
          onPassed={(serialNo) => {
            setSessionValue(sessionKeys.loginFaceSerial, serialNo)
            setFaceSerial(serialNo)
          }}
        />
      </Suspense>
    )
  }
  return <Outlet />
}

function StartupLoading() {
  return (
    <div className="page-loading" role="status">
      <DotLoading color="primary" />
      <span>正在加载</span>
    </div>
  )
}
