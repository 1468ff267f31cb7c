import { beforeAll, describe, expect, it } from 'vitest'
import { compactText, documentInfo, layoutLines, pageCount, renderPages } from './inspect-pdf.ts'
import { operationManual } from './operation-manual.ts'
import type { OperationManualInput } from './operation-manual.ts'

const input: OperationManualInput = {
  supportPhone: '400-000-0000',
  serviceHours: '工作日 9:00-12:00、14:00-18:00',
  version: 'V1.0',
  createdAt: new Date('2025-01-01T00:00:00+08:00'),
}

let manual: Awaited<ReturnType<typeof operationManual>>

beforeAll(async () => {
  manual = await operationManual(input)
})

describe('operationManual', () => {
  it('is a multi-page manual with a cover, contents and a chapter for each part of the app', () => {
    const pages = pageCount(manual.pdf)
    expect(pages).toBeGreaterThanOrEqual(5)
    expect(compactText(manual.pdf, 1)).toContain('电子印章操作手册')
    expect(compactText(manual.pdf, 1)).toContain('2025年1月1日')
    expect(compactText(manual.pdf, 2)).toContain('目录')
    const text = compactText(manual.pdf)
    for (const phrase of [
      '一、概述',
      '二、首页',
      '电子印章申请',
      '最快三分钟',
      '卡片左下方“申请记录”', // where the home screen puts it
      '管理我的印章',
      '完成印章授权',
      '印章绑定',
      '待办中心',
      '完善信息',
      '选择名章样式',
      '密码必须是6-16位英文、数字、特殊符号组合（不能是纯数字）',
      '以下章不可用',
      '待审核、待签署',
      '常见问题',
      '技术支持',
    ]) {
      expect(text).toContain(phrase)
    }
    expect(text).not.toContain('右上角“申请记录”')
    expect(documentInfo(manual.pdf).Title).toBe('电子印章操作手册')
    expect(renderPages(manual.pdf, 'operation-manual')).toHaveLength(pages)
  })

  it('lists in its contents the page where each chapter really begins', () => {
    const { contents } = manual.positions
    expect(contents.length).toBeGreaterThanOrEqual(9)
    const contentsLines = layoutLines(manual.pdf, 2)
    for (const entry of contents) {
      const heading = entry.title.replace(/\s+/g, '')
      expect(contentsLines).toContain(`${heading}${entry.page}`)
      expect(entry.page).toBeGreaterThan(2)
      expect(compactText(manual.pdf, entry.page), entry.title).toContain(heading)
    }
  })

  it('prints the configured support phone and service hours', () => {
    const text = compactText(manual.pdf)
    expect(text).toContain('技术支持电话400-000-0000（服务时间：工作日9:00-12:00、14:00-18:00）')
  })

  it('leaves out the authorization and binding chapters when those menus are off', async () => {
    const plain = await operationManual({ ...input, authorizationEnabled: false, bindingEnabled: false })
    const text = compactText(plain.pdf)
    expect(text).not.toContain('完成印章授权')
    expect(text).not.toContain('平台绑定用章服务协议')
    expect(plain.positions.contents.map((entry) => entry.title)).not.toContain('五、印章授权')
    expect(text).toContain('待办中心')
  })

  it('has nothing to sign and gives the same bytes for the same input', async () => {
    expect(manual.positions.localConfig.fields).toEqual([])
    expect(manual.positions.localConfig.pageCount).toBe(pageCount(manual.pdf))
    const again = await operationManual(input)
    expect(Buffer.compare(Buffer.from(again.pdf), Buffer.from(manual.pdf))).toBe(0)
  })
})
