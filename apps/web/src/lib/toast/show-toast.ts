import type { ToastShowProps } from 'antd-mobile'

/**
 * antd-mobile's Toast, loaded on first use: it brings its animation library (react-spring, ~18 KB on
 * the wire), which the first screen should not carry. A message can wait the moment the load takes.
 */
export function showToast(props: ToastShowProps) {
  void import('./antd-toast.ts').then(({ Toast }) => Toast.show(props))
}
