import type { QueryClient } from '@tanstack/react-query'
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { RouteRoleKey } from '../lib/roles.ts'

/**
 * Every page of the console: its path (under /console), the title in the menu, and the routes it reads
 * (routeRoles of operators.ts): a page shows only to callers the server lets read it. Each page is its own
 * chunk, loaded when first opened.
 */
export type ConsolePage = {
  path: string
  title: string
  /** Who may open it: the server's route roles of what it reads. */
  reads: RouteRoleKey | 'anyone'
  /** The menu group it sits under; none for a page reached from another (a detail). */
  group?: string
  component: LazyExoticComponent<ComponentType>
  /** Fetches the page's chunk (the component loads it when first shown; warm-up.ts asks for it sooner). */
  load: () => Promise<{ default: ComponentType }>
  /** Asks for what the page shows first, when a tab opens on it (warm-up.ts): a landing page's list. */
  prefetch?: (client: QueryClient) => unknown
}

export const menuGroups = {
  home: '概览',
  business: '业务办理',
  manage: '平台与配置',
  audit: '审计',
  system: '系统管理',
} as const

const { home, business, manage, audit, system } = menuGroups
const page = (
  path: string,
  title: string,
  reads: ConsolePage['reads'],
  group: string | undefined,
  load: () => Promise<{ default: ComponentType }>,
  prefetch?: ConsolePage['prefetch'],
): ConsolePage => ({ path, title, reads, group, component: lazy(load), load, prefetch })

export const pages: ConsolePage[] = [
  page('/dashboard', '首页', 'reviewRead', home, () => import('../features/dashboard/dashboard-page.tsx')),
  page(
    '/review',
    '审核队列',
    'reviewRead',
    business,
    () => import('../features/review/review-queue-page.tsx'),
    // Its own chunk, as the page's: the login screen's first load goes without it.
    (client) =>
      import('../features/review/api/list-applications.ts').then((list) =>
        list.prefetchWaitingApplications(client),
      ),
  ),
  page(
    '/review/:id',
    '申请审核',
    'reviewRead',
    undefined,
    () => import('../features/review/review-detail-page.tsx'),
  ),
  page(
    '/offline-materials',
    '线下材料',
    'reviewRead',
    business,
    () => import('../features/offline-materials/offline-materials-page.tsx'),
  ),
  page('/seals', '印章', 'sealRead', business, () => import('../features/seals/seals-page.tsx')),
  page(
    '/seals/:id',
    '印章详情',
    'sealRead',
    undefined,
    () => import('../features/seals/seal-detail-page.tsx'),
  ),
  page(
    '/platforms',
    '平台管理',
    'platformRead',
    manage,
    () => import('../features/platforms/platforms-page.tsx'),
  ),
  page(
    '/platforms/:platformId/deliveries',
    'Webhook 推送记录',
    'platformRead',
    undefined,
    () => import('../features/platforms/deliveries-page.tsx'),
  ),
  page('/config', '配置', 'configRead', manage, () => import('../features/config/config-page.tsx')),
  page(
    '/audit/events',
    '审计日志',
    'auditRead',
    audit,
    () => import('../features/audit/audit-events-page.tsx'),
  ),
  page(
    '/audit/use-records',
    '用章记录',
    'auditRead',
    audit,
    () => import('../features/audit/use-records-page.tsx'),
  ),
  page('/audit/verify', '审计链校验', 'auditRead', audit, () => import('../features/audit/verify-page.tsx')),
  page(
    '/operators',
    '操作员管理',
    'adminRead',
    system,
    () => import('../features/operators/operators-page.tsx'),
  ),
  page('/sandbox', '沙箱登记', 'adminRead', system, () => import('../features/sandbox/sandbox-page.tsx')),
  page('/api-keys', 'API 密钥', 'adminRead', system, () => import('../features/api-keys/api-keys-page.tsx')),
  page('/account', '账号安全', 'anyone', undefined, () => import('../features/session/account-page.tsx')),
]
