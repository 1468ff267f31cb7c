// The module confirmDialog loads on first use; see confirm-dialog.ts.
export { Dialog } from 'antd-mobile'
