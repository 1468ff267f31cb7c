import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import {
  expectToast,
  fakeServer,
  operatorLogin,
  Refusal,
  resetScreen,
} from '../../../../test/unit-apply-wizard.tsx'
import { OFFLINE, offlineDetail, renderOffline, where } from '../../../../test/offline-apply.tsx'

afterEach(resetScreen)
vi.setConfig({ testTimeout: 30_000 })

const ENTRY = '/seal-apply/operator/step-2-1?applyId=off-1'
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47])
const pickPattern = (label: string, bytes: BlobPart = png) =>
  fireEvent.change(screen.getByLabelText(label), {
    target: { files: [new File([bytes], 'stamp.png', { type: 'image/png' })] },
  })

function serve(routes: Record<string, (call: any) => unknown> = {}, patch = {}) {
  return fakeServer({
    'GET /auth/me': () => operatorLogin,
    'POST /file/previewLink': () => ({ url: '/api/file/preview/x', expiresAt: 0 }),
    [`GET ${OFFLINE}/applyDetail/off-1`]: () => offlineDetail(patch),
    ...routes,
  })
}

describe('seal patterns (step-2-1)', () => {
  it('asks for a pattern per seal before going on (请上传印章图样)', async () => {
    const server = serve()
    renderOffline(ENTRY)
    fireEvent.click(await screen.findByRole('button', { name: '提交' }))
    await expectToast('请上传印章图样')
    expect(server.callsTo(`${OFFLINE}/submitTodo`)).toHaveLength(0)
  })

  it('refuses a pattern photo over 10 MB', async () => {
    const server = serve()
    renderOffline(ENTRY)
    await screen.findByText('单位公章', { selector: 'strong' })
    pickPattern('上传单位公章印章图样', new Uint8Array(10 * 1048576 + 1))
    await expectToast('文件大小不能超过10M')
    expect(server.callsTo(`${OFFLINE}/uploadSealBase64Pic`)).toHaveLength(0)
  })

  it('shows the cut-out of an accepted photo and can delete it', async () => {
    let pic = ''
    const server = serve({
      [`GET ${OFFLINE}/applyDetail/off-1`]: () =>
        offlineDetail({
          gaSealTypeInfos: [
            {
              id: 'item-01',
              sealType: '01',
              sealName: '单位公章',
              sealId: '',
              sealCode: '',
              sealPicFileId: pic,
              manualReview: false,
              errorCount: 0,
            },
          ],
        }),
      [`POST ${OFFLINE}/uploadSealBase64Pic`]: () => {
        pic = 'f-pic'
        return { id: 'item-01', picBase64: 'iVBORw0KGgo=', manualReview: false, errorCount: 0 }
      },
      [`GET ${OFFLINE}/deleteSealPic`]: () => {
        pic = ''
        return null
      },
    })
    renderOffline(ENTRY)
    await screen.findByText('单位公章', { selector: 'strong' })
    pickPattern('上传单位公章印章图样')
    expect(await screen.findByText('印模提取成功')).toBeTruthy()
    expect(screen.getByAltText('单位公章印章图样').getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    )
    expect(server.callsTo(`${OFFLINE}/uploadSealBase64Pic`)[0]!.body).toMatchObject({
      applyId: 'off-1',
      id: 'item-01',
      sealTypeCode: '01',
    })
    fireEvent.click(screen.getByRole('button', { name: '删除' }))
    expect(await screen.findByLabelText('上传单位公章印章图样')).toBeTruthy()
    expect(server.callsTo(`${OFFLINE}/deleteSealPic`)[0]!.query.get('id')).toBe('item-01')
  })

  it('says why an impression failed in the 我知道了 modal with the photo advice of its code', async () => {
    serve({
      [`POST ${OFFLINE}/uploadSealBase64Pic`]: () =>
        new Refusal('1010', '印模提取失败：印章名称与申请单位不一致'),
    })
    renderOffline(ENTRY)
    await screen.findByText('单位公章', { selector: 'strong' })
    pickPattern('上传单位公章印章图样')
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByText('印模提取失败：印章名称与申请单位不一致')).toBeTruthy()
    expect(dialog.getByText('请上传与申请单位名称一致的印章')).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: '我知道了' }))
    expect(await screen.findByLabelText('上传单位公章印章图样')).toBeTruthy()
  })

  it('names other-type seals (updateSealName), then submits and shows the result', async () => {
    const seals = [
      {
        id: 'item-01',
        sealType: '01',
        sealName: '单位公章',
        sealId: '',
        sealCode: '',
        sealPicFileId: 'f-1',
        manualReview: false,
        errorCount: 0,
      },
      {
        id: 'item-99',
        sealType: '99',
        sealName: '',
        sealId: '',
        sealCode: '',
        sealPicFileId: 'f-2',
        manualReview: true,
        errorCount: 2,
      },
    ]
    const server = serve(
      {
        [`POST ${OFFLINE}/updateSealName`]: () => seals,
        [`POST ${OFFLINE}/submitTodo`]: () => ({ applyId: 'off-1', applyStatus: 0 }),
      },
      { gaSealTypeInfos: seals },
    )
    renderOffline(ENTRY)
    expect(await screen.findByText('印模提取失败，已转人工审核')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '提交' }))
    await expectToast('请完善其他类型印章名称')
    fireEvent.change(screen.getByRole('textbox', { name: '其他类型印章名称' }), {
      target: { value: '项目专用章' },
    })
    fireEvent.click(screen.getByRole('button', { name: '提交' }))
    fireEvent.click(await screen.findByRole('button', { name: '确认提交' }))
    await waitFor(() => expect(where()).toBe('/seal-apply/operator/step-3-1?applyId=off-1'))
    expect(server.callsTo(`${OFFLINE}/updateSealName`)[0]!.body).toMatchObject({
      applyId: 'off-1',
      sealInfos: [{ id: 'item-99', name: '项目专用章' }],
    })
    expect(server.callsTo(`${OFFLINE}/submitTodo`)[0]!.body).toMatchObject({ applyId: 'off-1' })
  })

  it('sends an administrative or public institution applying anew to upload its documents, without submitting', async () => {
    const server = serve(
      {},
      {
        unitTypeCode: '06',
        gaSealTypeInfos: [
          {
            id: 'item-01',
            sealType: '01',
            sealName: '单位公章',
            sealId: '',
            sealCode: '',
            sealPicFileId: 'f-1',
            manualReview: false,
            errorCount: 0,
          },
        ],
      },
    )
    renderOffline(ENTRY)
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }))
    await waitFor(() => expect(where()).toBe('/seal-apply/operator/step-2-2?applyId=off-1'))
    expect(server.callsTo(`${OFFLINE}/submitTodo`)).toHaveLength(0)
  })
})
