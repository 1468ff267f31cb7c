import {
  reviewMessages,
  type ReviewApplicationDetail,
  type ReviewDecision,
} from '@seal/shared/api/unit-apply-admin'

/** What the reviewer has chosen for one seal so far. */
export type SealChoice = { approve?: boolean; reason?: string; sealPicBase64?: string }
export type SealChoices = Record<string, SealChoice>

type SealItem = ReviewApplicationDetail['sealInfo'][number]

/**
 * The decisions to send, or the first thing missing with the message the server would give: every seal
 * decided, a reason for each rejection (the applicant reads it), a cut-out for an approved seal whose photo
 * could not be cut out automatically.
 *
 * @example
 * decisionsOf(items, { a: { approve: false } }) // { error: '驳回印章须填写原因', itemId: 'a' }
 */
export function decisionsOf(
  items: SealItem[],
  choices: SealChoices,
): { decisions: ReviewDecision[] } | { error: string; itemId: string } {
  const decisions: ReviewDecision[] = []
  for (const item of items) {
    const choice = choices[item._id]
    if (choice?.approve === undefined) return { error: reviewMessages.decisionMissing, itemId: item._id }
    if (!choice.approve) {
      const reason = choice.reason?.trim()
      if (!reason) return { error: reviewMessages.reasonRequired, itemId: item._id }
      decisions.push({ itemId: item._id, approve: false, reason })
      continue
    }
    if (item.manualReview && !choice.sealPicBase64)
      return { error: reviewMessages.cutOutRequired, itemId: item._id }
    decisions.push({
      itemId: item._id,
      approve: true,
      ...(item.manualReview ? { sealPicBase64: choice.sealPicBase64 } : {}),
    })
  }
  return { decisions }
}
