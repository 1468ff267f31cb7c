import { post } from '../../../lib/request/request.ts'

/**
 * POST /personSeal/queryCanOrNotApply: true when the person already has a personal name seal applied for
 * or in effect (个人名章正在申请中或生效中，请勿重新申请！).
 */
export function queryPersonalSealExists(person: { idNumber: string; name: string }) {
  return post<boolean>('/personSeal/queryCanOrNotApply', { dzmzcyzZjhm: person.idNumber, dzmzcyzXm: person.name })
}
