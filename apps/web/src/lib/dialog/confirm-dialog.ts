import type { DialogAlertProps, DialogConfirmProps } from 'antd-mobile'

/**
 * antd-mobile's Dialog.confirm, loaded on first use: it brings its animation library (react-spring,
 * ~16 KB on the wire), which a first screen such as home should not carry for a button few people tap.
 */
export async function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  const { Dialog } = await import('./antd-dialog.ts')
  return Dialog.confirm(props)
}

/** antd-mobile's Dialog.alert, loaded on first use like confirmDialog. */
export async function alertDialog(props: DialogAlertProps): Promise<void> {
  const { Dialog } = await import('./antd-dialog.ts')
  return Dialog.alert(props)
}
