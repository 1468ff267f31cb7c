import { describe, expect, it } from 'vitest'
import { channelLabel } from '../codes/channel.ts'
import { materialsFor } from './offline-materials.ts'

const consignee = {
  recipientName: '受理中心',
  recipientPhone: '400-000-0000',
  recipientAddress: '北京',
  adminMaterials: ['事业单位法人证书复印件'],
  nonAdminMaterials: ['营业执照副本复印件'],
  governmentMaterials: ['单位介绍信'],
}

describe('the list of paper materials a unit mails', () => {
  it('is the government list for the government-app channel, whatever the unit type', () => {
    expect(materialsFor(consignee, { unitTypeCode: '02', channel: 'gov-app' })).toEqual(['单位介绍信'])
    expect(materialsFor(consignee, { unitTypeCode: '06', channel: 'gov-app' })).toEqual(['单位介绍信'])
  })

  it('is the unit type’s list elsewhere, and for an application saved before channels were recorded', () => {
    expect(materialsFor(consignee, { unitTypeCode: '06', channel: 'h5' })).toEqual(['事业单位法人证书复印件'])
    expect(materialsFor(consignee, { unitTypeCode: '02', channel: 'app' })).toEqual(['营业执照副本复印件'])
    expect(materialsFor(consignee, { unitTypeCode: '02', channel: null })).toEqual(['营业执照副本复印件'])
  })
})

describe('a channel’s name', () => {
  it('is its label for the client’s channels and its id for another host channel', () => {
    expect(channelLabel('gov-app')).toBe('政务服务 App')
    expect(channelLabel('h5')).toBe('浏览器（H5）')
    expect(channelLabel('city-portal')).toBe('city-portal')
  })
})
