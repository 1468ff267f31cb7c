import { describe, expect, it } from 'vitest'
import { acceptedFormats, isAccepted, rejectionOf } from './upload-rules.ts'

describe('accepted formats', () => {
  it('reads image/* as png, jpeg and jpg, and adds pdf when asked', () => {
    expect(acceptedFormats('image/*').map((f) => f.extension)).toEqual(['png', 'jpeg', 'jpg'])
    expect(acceptedFormats('image/*,application/pdf').map((f) => f.extension)).toEqual(['png', 'jpeg', 'jpg', 'pdf'])
    expect(acceptedFormats('.pdf').map((f) => f.extension)).toEqual(['pdf'])
  })

  it('judges by media type, or by extension when the browser gives no type', () => {
    const images = acceptedFormats('image/*')
    expect(isAccepted({ name: 'a.png', type: 'image/png' }, images)).toBe(true)
    expect(isAccepted({ name: 'a.gif', type: 'image/gif' }, images)).toBe(false)
    expect(isAccepted({ name: 'IMG_0001.JPG', type: '' }, images)).toBe(true)
    expect(isAccepted({ name: 'a.pdf', type: 'application/pdf' }, images)).toBe(false)
  })
})

describe('rejections', () => {
  it('asks for the accepted types when the kind is wrong', () => {
    expect(rejectionOf({ name: 'a.txt', type: 'text/plain', size: 10 }, { accept: 'image/*' })).toBe('请上传png、jpeg、jpg格式的文件')
    expect(rejectionOf({ name: 'a.png', type: 'image/png', size: 10 }, { accept: 'application/pdf' })).toBe('请上传pdf格式的文件')
  })

  it('refuses a file over the size limit in MB of 1048576 bytes', () => {
    expect(rejectionOf({ name: 'a.jpg', type: 'image/jpeg', size: 5 * 1048576 + 1 }, { accept: 'image/*', maxSizeMB: 5 })).toBe('文件大小不能超过5M')
    expect(rejectionOf({ name: 'a.jpg', type: 'image/jpeg', size: 5 * 1048576 }, { accept: 'image/*', maxSizeMB: 5 })).toBeNull()
  })
})
