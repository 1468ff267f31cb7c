import type { AppConfig } from '@seal/shared/api/config'
import type { LoginInfo } from '@seal/shared/api/auth'

export type HomeCard = { key: string; title: string; description: string; to: string; mark: string }

/** The apply card's target by button config (spec 000 §1): 2 enterprise apply, 1 personal flow, else the readme. */
export function applyTarget(buttonConfig: number): string {
  if (buttonConfig === 2) return '/seal-apply'
  if (buttonConfig === 1) return '/personal-seal-apply/show-flow'
  return '/seal-apply/readme'
}

/** The cards home shows for this login and configuration (spec 000 §1, 002 §2 "Home"). */
export function homeCards(config: AppConfig, me: LoginInfo): HomeCard[] {
  const type = me.kind === 'enterprise' ? 'company' : 'personal'
  const cards: HomeCard[] = [
    { key: 'apply', title: '电子印章申请', description: '最快3分钟完成申请', to: applyTarget(config.buttonConfig), mark: '申' },
    { key: 'manage', title: '管理我的印章', description: '查看印章、修改密码、用章记录', to: `/seal-preview-list/${type}`, mark: '管' },
  ]
  if (config.authorizationMenu) {
    // A person may be the one authorised: the card is their way to the authorisations made to them too.
    const description = me.kind === 'personal' ? '授权他人用章，或接受他人的授权' : '授权他人使用或管理印章'
    cards.push({ key: 'authorize', title: '完成印章授权', description, to: `/authorization/${type}`, mark: '授' })
  }
  if (config.bindingMenu) {
    cards.push({ key: 'binding', title: '印章绑定', description: '将印章绑定到业务平台使用', to: '/binding', mark: '绑' })
  }
  if (me.kind === 'personal') {
    cards.push({ key: 'agency', title: '待办中心', description: '处理待签署的授权与申请', to: '/agency-center', mark: '办' })
  }
  return cards
}

export type HomeShortcut = { key: string; title: string; description: string; to: string }

/**
 * The two shortcuts under the greeting (ours, issue #12 item 5, beside the spec's cards): 用章 for someone
 * with a seal in effect they may use (holder, manager or authorised user), and 验章 for everyone.
 */
export function homeShortcuts(usableSeals: number): HomeShortcut[] {
  const shortcuts: HomeShortcut[] = []
  if (usableSeals > 0) shortcuts.push({ key: 'use', title: '用章', description: '在PDF文件上盖章', to: '/seal-use' })
  shortcuts.push({ key: 'verify', title: '验章', description: '核验文件上的签章', to: '/verify' })
  return shortcuts
}

export const homeMessages = {
  /** An unverified person (the real-name check of phone, name and ID number has not passed): what they cannot do yet, and how. */
  unverified: '您尚未通过实名核验：请使用本人实名登记的手机号登录，通过后方可办理单位印章、签署待办和接受授权',
} as const
