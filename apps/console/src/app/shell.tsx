import { LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { operatorRoleNames } from '@seal/shared/api/operator-roles'
import { Alert, App, Avatar, Dropdown, Layout, Menu, Result, Space, Spin, Tag, type MenuProps } from 'antd'
import { Suspense, useDeferredValue, useMemo } from 'react'
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom'
import { useMe, type OperatorMe } from '../features/session/api/me.ts'
import { logout } from '../features/session/api/logout.ts'
import { messageOf } from '../lib/request.ts'
import { mayOpen } from '../lib/roles.ts'
import { getToken } from '../lib/session.ts'
import { menuGroups, pages } from './pages.ts'

/** A menu entry: a page (its path and title), or a group of pages. */
export type MenuEntry = { path: string; name: string; children?: MenuEntry[] }

/** The menu: only the pages the caller's roles may read, in their groups. */
export function menuFor(roles: OperatorMe['roles']): MenuEntry[] {
  return Object.values(menuGroups).flatMap((group) => {
    const children = pages
      .filter((page) => page.group === group && mayOpen(roles, page.reads))
      .map((page) => ({ path: page.path, name: page.title }))
    if (!children.length) return []
    // 首页 stands alone at the top; the others sit in their group.
    return group === menuGroups.home ? children : [{ path: `/${group}`, name: group, children }]
  })
}

const itemsOf = (menu: MenuEntry[]): MenuProps['items'] =>
  menu.map((entry) =>
    entry.children
      ? { key: entry.path, label: entry.name, children: itemsOf(entry.children) }
      : { key: entry.path, label: <Link to={entry.path}>{entry.name}</Link> },
  )

/** The page the menu lights: the longest menu path the address starts with (a detail lights its list). */
function selectedOf(menu: MenuEntry[], pathname: string): string[] {
  const paths = menu.flatMap((entry) => (entry.children ?? [entry]).map((page) => page.path))
  const under = paths.filter((path) => pathname === path || pathname.startsWith(`${path}/`))
  return under.sort((a, b) => b.length - a.length).slice(0, 1)
}

const HEADER_HEIGHT = 56

/**
 * The signed-in console: the title and the operator (roles, name, 账号安全 and 退出登录) along the top, the
 * side menu by role, and the page. Plain antd: the layout is on every page's first load.
 */
export default function Shell() {
  const token = getToken()
  const me = useMe()
  const location = useLocation()
  const navigate = useNavigate()
  // Who the operator is opens the layout and the page at once, the console's biggest render. Deferred, React
  // renders it in the background in short slices instead of one long task that keeps the tab from answering.
  const operator = useDeferredValue(me.data)
  const menu = useMemo(() => menuFor(operator?.roles ?? []), [operator?.roles])

  if (!token) return <Navigate to="/login" replace />
  if (me.isError) return <Result status="error" title="无法读取当前账号" subTitle={messageOf(me.error)} />
  if (!operator) return <Spin size="large" fullscreen tip="加载中" />
  if (operator.stage === 'enrol') return <Navigate to="/enrol" replace />

  const onLogout = async () => {
    await logout()
    navigate('/login', { replace: true })
  }
  return (
    <App>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 100,
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            height: HEADER_HEIGHT,
            lineHeight: `${HEADER_HEIGHT}px`,
            paddingInline: 16,
            background: '#fff',
            borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
          }}
        >
          <SafetyOutlined style={{ fontSize: 24, color: '#0958d9' }} />
          <span style={{ fontSize: 18, fontWeight: 600, color: 'rgba(0, 0, 0, 0.88)' }}>
            电子印章运营管理后台
          </span>
          <Space size={4} style={{ marginInlineStart: 'auto' }}>
            {operator.roles.map((role) => (
              <Tag key={role}>{operatorRoleNames[role]}</Tag>
            ))}
          </Space>
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
            <Space size={8} style={{ cursor: 'pointer', paddingInline: 8 }}>
              <Avatar size="small" icon={<UserOutlined />} />
              <span>{operator.name}</span>
            </Space>
          </Dropdown>
        </Layout.Header>
        <Layout hasSider>
          <Layout.Sider
            theme="light"
            width={215}
            style={{
              position: 'sticky',
              top: HEADER_HEIGHT,
              height: `calc(100vh - ${HEADER_HEIGHT}px)`,
              overflow: 'auto',
              borderInlineEnd: '1px solid rgba(5, 5, 5, 0.06)',
            }}
          >
            <Menu
              mode="inline"
              items={itemsOf(menu)}
              selectedKeys={selectedOf(menu, location.pathname)}
              defaultOpenKeys={menu.filter((entry) => entry.children).map((entry) => entry.path)}
              style={{ borderInlineEnd: 0 }}
            />
          </Layout.Sider>
          <Layout.Content style={{ minWidth: 0 }}>
            {operator.kind === 'apiKey' && (
              <Alert type="info" showIcon message="当前以 API 密钥访问" style={{ margin: '16px 40px 0' }} />
            )}
            <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </App>
  )
}
