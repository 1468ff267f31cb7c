import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import { dismissToast } from './toast-stays-with-screen.ts'

const toastsInSight = () =>
  [...document.querySelectorAll('.adm-toast-main')].filter((node) => (node.closest('.adm-mask') as HTMLElement | null)?.style.display !== 'none').map((node) => node.textContent)
const showing = () => {
  const element = document.querySelector('.adm-toast-main')!
  return { element, text: element.textContent }
}

afterEach(async () => {
  Toast.clear()
  await waitFor(() => expect(document.querySelector('.adm-toast-main')).toBeNull())
})

describe('dismissToast', () => {
  it('takes the old toast out of sight at once', async () => {
    Toast.show({ content: '验证码错误' })
    await waitFor(() => expect(toastsInSight()).toEqual(['验证码错误']))
    dismissToast(showing())
    expect(toastsInSight()).toEqual([])
  })

  it('leaves the message a screen shows in the same moment', async () => {
    Toast.show({ content: '验证码错误' })
    await waitFor(() => expect(toastsInSight()).toEqual(['验证码错误']))
    const old = showing()
    dismissToast(old)
    Toast.show({ icon: 'success', content: '密码修改成功' })
    await waitFor(() => expect(toastsInSight()).toEqual(['密码修改成功']))
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(toastsInSight()).toEqual(['密码修改成功'])
  })

  it('leaves a newer toast alone when asked to dismiss one that has been replaced', async () => {
    Toast.show({ content: '验证码错误' })
    await waitFor(() => expect(toastsInSight()).toEqual(['验证码错误']))
    const old = showing()
    Toast.show({ icon: 'success', content: '密码修改成功' })
    dismissToast(old)
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(toastsInSight()).toEqual(['密码修改成功'])
  })
})
