import { LogoutOutlined, SafetyOutlined } from '@ant-design/icons'
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components'
import { operatorRoleNames } from '@seal/shared/api/operator-roles'
import { Alert, App, Dropdown, Result, Spin, Tag } from 'antd'
import { Suspense, useMemo } from 'react'
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom'
import { useMe, type OperatorMe } from '../features/session/api/me.ts'
import { logout } from '../features/session/api/logout.ts'
import { messageOf } from '../lib/request.ts'
import { mayOpen } from '../lib/roles.ts'
import { getToken } from '../lib/session.ts'
import { menuGroups, pages } from './pages.ts'

/** The menu: only the pages the caller's roles may read, in their groups. */
export function menuFor(roles: OperatorMe['roles']): MenuDataItem[] {
  return Object.values(menuGroups).flatMap((group) => {
    const children = pages
      .filter((page) => page.group === group && mayOpen(roles, page.reads))
      .map((page) => ({ path: page.path, name: page.title }))
    if (!children.length) return []
    // 首页 stands alone at the top; the others sit in their group.
    return group === menuGroups.home ? children : [{ path: `/${group}`, name: group, children }]
  })
}

/** The signed-in console: the side menu by role, the operator's name and roles, and the page. */
export default function Shell() {
  const token = getToken()
  const me = useMe()
  const location = useLocation()
  const navigate = useNavigate()
  const menu = useMemo(() => menuFor(me.data?.roles ?? []), [me.data?.roles])

  if (!token) return <Navigate to="/login" replace />
  if (me.isPending) return <Spin size="large" fullscreen tip="加载中" />
  if (me.isError) return <Result status="error" title="无法读取当前账号" subTitle={messageOf(me.error)} />
  if (me.data.stage === 'enrol') return <Navigate to="/enrol" replace />

  const onLogout = async () => {
    await logout()
    navigate('/login', { replace: true })
  }
  return (
    <App>
      <ProLayout
        title="电子印章运营管理后台"
        logo={<SafetyOutlined style={{ fontSize: 24, color: '#0958d9' }} />}
        layout="mix"
        fixSiderbar
        menu={{ defaultOpenAll: true, ignoreFlatMenu: true }}
        route={{ path: '/', children: menu }}
        location={{ pathname: location.pathname }}
        menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
        avatarProps={{
          title: me.data.name,
          size: 'small',
          render: (_props, dom) => (
            <Dropdown
              menu={{
                items: [
                  { key: 'account', icon: <SafetyOutlined />, label: <Link to="/account">账号安全</Link> },
                  {
                    key: 'logout',
                    icon: <LogoutOutlined />,
                    label: '退出登录',
                    onClick: () => void onLogout(),
                  },
                ],
              }}
            >
              {dom}
            </Dropdown>
          ),
        }}
        actionsRender={() => me.data.roles.map((role) => <Tag key={role}>{operatorRoleNames[role]}</Tag>)}
      >
        {me.data.kind === 'apiKey' && (
          <Alert type="info" showIcon message="当前以 API 密钥访问" style={{ marginBottom: 16 }} />
        )}
        <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
          <Outlet />
        </Suspense>
      </ProLayout>
    </App>
  )
}
