import { fireEvent, screen } from '@testing-library/react'
import { drawStroke, line } from './canvas.ts'

/** Writes a signature on the 用章确认 sheet's handwriting board and confirms it, as a person would. */
export async function signOnConfirmSheet() {
  await screen.findByText('请手写签名完成用章确认')
  await drawStroke(line([60, 80], [220, 90], 10))
  await drawStroke(line([120, 40], [130, 200], 10))
  fireEvent.click(screen.getByRole('button', { name: '确定' }))
}
