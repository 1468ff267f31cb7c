// The module showToast loads on first use; see show-toast.ts.
export { Toast } from 'antd-mobile'
