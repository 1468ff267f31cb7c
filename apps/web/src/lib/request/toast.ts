// Loaded on the first failure message (see showToast in request.ts), so the first screen does not carry Toast.
export { Toast } from 'antd-mobile'
