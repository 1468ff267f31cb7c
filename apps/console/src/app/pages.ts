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
}

export const menuGroups = {
  business: '业务办理',
  manage: '平台与配置',
  audit: '审计',
  system: '系统管理',
} as const

export const pages: ConsolePage[] = [
  {
    path: '/review',
    title: '审核队列',
    reads: 'reviewRead',
    group: menuGroups.business,
    component: lazy(() => import('../features/review/review-queue-page.tsx')),
  },
  {
    path: '/review/:id',
    title: '申请审核',
    reads: 'reviewRead',
    component: lazy(() => import('../features/review/review-detail-page.tsx')),
  },
  {
    path: '/platforms',
    title: '平台管理',
    reads: 'platformRead',
    group: menuGroups.manage,
    component: lazy(() => import('../features/platforms/platforms-page.tsx')),
  },
  {
    path: '/platforms/:platformId/deliveries',
    title: 'Webhook 推送记录',
    reads: 'platformRead',
    component: lazy(() => import('../features/platforms/deliveries-page.tsx')),
  },
  {
    path: '/config',
    title: '配置',
    reads: 'configRead',
    group: menuGroups.manage,
    component: lazy(() => import('../features/config/config-page.tsx')),
  },
  {
    path: '/audit/verify',
    title: '审计链校验',
    reads: 'auditRead',
    group: menuGroups.audit,
    component: lazy(() => import('../features/audit/verify-page.tsx')),
  },
  {
    path: '/operators',
    title: '操作员管理',
    reads: 'adminRead',
    group: menuGroups.system,
    component: lazy(() => import('../features/operators/operators-page.tsx')),
  },
  {
    path: '/api-keys',
    title: 'API 密钥',
    reads: 'adminRead',
    group: menuGroups.system,
    component: lazy(() => import('../features/api-keys/api-keys-page.tsx')),
  },
  {
    path: '/account',
    title: '账号安全',
    reads: 'anyone',
    component: lazy(() => import('../features/session/account-page.tsx')),
  },
]
