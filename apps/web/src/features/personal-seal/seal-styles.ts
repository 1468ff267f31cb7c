import type { PersonalSealStyleCode } from '@seal/shared/api/personal-seal'

/**
 * What each name-seal style is, in the words of the style screens. The shapes are those
 * packages/seal/src/personal-seal.ts draws (the spec names the styles only by number).
 */
export const sealStyleInfo: Record<PersonalSealStyleCode, { name: string; summary: string; details: string[] }> = {
  '1': {
    name: '方形带边框',
    summary: '18毫米方章，带边框，姓名加“之印”',
    details: [
      '18毫米见方的方章，四周带边框。',
      '两字姓名加“之印”（如“张三之印”），三字姓名加“印”（如“李小明印”），四字姓名不加字。',
      '按传统印章读法竖排，从右往左读。',
    ],
  },
  '2': {
    name: '方形无边框',
    summary: '与样式一相同的方章排列，不带边框',
    details: ['18毫米见方，文字排列与样式一相同（加“之印”或“印”，竖排，从右往左读）。', '不带边框，印面更简洁。'],
  },
  '3': {
    name: '长方形',
    summary: '10毫米高的长方形章，姓名横排',
    details: ['高10毫米的长方形章，带边框。', '姓名从左往右横排一行，不加“之印”。', '四字以上的姓名字形适当收窄，章宽不变。'],
  },
}

export const sealStyleCodes = Object.keys(sealStyleInfo) as PersonalSealStyleCode[]
