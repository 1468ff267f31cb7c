import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, operator } from '../../test/fake-api.ts'
import { renderConsole } from '../../test/render-console.tsx'
import { menuFor } from './shell.tsx'

const titles = (roles: Parameters<typeof menuFor>[0]) =>
  menuFor(roles).flatMap((item) => (item.children ? item.children.map((page) => page.name) : [item.name]))

describe('the menu by role', () => {
  it('shows each role only the pages its routes let it read', () => {
    expect(titles(['reviewer'])).toEqual(['首页', '审核队列', '线下材料', '印章'])
    expect(titles(['platform'])).toEqual(['平台管理'])
    expect(titles(['config'])).toEqual(['配置'])
    expect(titles(['auditor'])).toEqual([
      '首页',
      '审核队列',
      '线下材料',
      '印章',
      '平台管理',
      '配置',
      '审计日志',
      '用章记录',
      '审计链校验',
      '操作员管理',
      '沙箱登记',
      'API 密钥',
    ])
    expect(titles(['admin'])).toContain('操作员管理')
    expect(titles(['reviewer', 'platform'])).toEqual(['首页', '审核队列', '线下材料', '印章', '平台管理'])
  })

  it('refuses a page opened by address to a role that may not read it', async () => {
    fakeApi({ 'GET /admin/me': () => operator(['reviewer']) })
    renderConsole('/operators', { token: 't' })
    expect(await screen.findByText('当前账号无权查看此页面')).toBeTruthy()
  })
})
