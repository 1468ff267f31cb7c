import { useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Checkbox, Dialog, Toast } from 'antd-mobile'
import { messages } from '@seal/shared/messages'
import { step3Problem, unitApplyMessages } from '@seal/shared/rules/unit-apply'
import { apiLink } from '../../../lib/request/request.ts'
import { applicationFormLink } from '../api/application-form-link.ts'
import { submitApplication } from '../api/submit-application.ts'
import { failureText, useWizard } from '../wizard-context.tsx'
import { previousStep } from '../wizard-form.ts'
import { unitApplyRoutes } from '../wizard-routes.ts'
import { FormFiles } from './form-files.tsx'

/** The form link as someone else's browser must open it: absolute. */
const absolute = (url: string) => new URL(apiLink(url), window.location.origin).toString()

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/**
 * Step 3-1 (cancellation 2-1) 上传申请表 (001 §2, §4 "Step 3-1 submit", §8 "Final submission"): download the
 * generated application form or copy its link, upload the signed form, declare the materials true, then
 * 提交: the check, a one-time confirmation, save, submit, the result page.
 */
export function ApplicationFormStep() {
  const wizard = useWizard()
  const navigate = useNavigate()
  const { form, update } = wizard
  const [busy, setBusy] = useState(false)
  const confirmed = useRef(false)

  const formLink = async () => {
    const id = form.id ?? (await wizard.saveDraft({ quiet: true }))
    if (!id) return null
    try {
      return absolute((await applicationFormLink(id)).url)
    } catch {
      return null // said by the request module
    }
  }

  const download = async () => {
    const url = await formLink()
    if (url) window.open(url, '_blank', 'noopener')
  }

  const showLink = async () => {
    const url = await formLink()
    if (!url) return
    Dialog.show({
      title: '复制链接',
      content: (
        <div className="unit-dialog-text">
          <p>复制链接后在电脑浏览器中打开，下载并打印申请表：</p>
          <p className="unit-link-text">{url}</p>
        </div>
      ),
      closeOnAction: true,
      actions: [
        [
          { key: 'close', text: '关闭' },
          {
            key: 'copy',
            text: '复制',
            bold: true,
            onClick: async () => {
              if (await copyText(url)) Toast.show({ icon: 'success', content: messages.copied })
              else Toast.show({ content: '复制失败，请长按链接手动复制' })
            },
          },
        ],
      ],
    })
  }

  const submit = async () => {
    const problem = step3Problem(wizard.current())
    if (problem) {
      Toast.show({ content: problem })
      return
    }
    if (!confirmed.current) {
      const go = await Dialog.confirm({ content: '提交后将不能修改申请信息，确认提交吗？', confirmText: '确认提交', cancelText: '取消' })
      if (!go) return
      confirmed.current = true
    }
    setBusy(true)
    try {
      const id = await wizard.saveAndMove(form.step)
      await submitApplication(id)
      navigate(unitApplyRoutes.result(id), { replace: true })
    } catch (error) {
      Toast.show({ content: failureText(error, messages.submitFailed), duration: 3000 })
    } finally {
      setBusy(false)
    }
  }

  const back = previousStep(form.step)

  return (
    <div className="unit-step">
      <section className="unit-section" aria-label="申请表">
        <h2>下载申请表</h2>
        {wizard.flags.companyVerifyPass === false && <p className="unit-section-note unit-review-note">{unitApplyMessages.materialsForReview}</p>}
        <p className="unit-section-note">请下载申请表打印，由法定代表人（经办人办理时还需经办人）签字并加盖单位公章后，拍照或扫描上传。</p>
        <div className="unit-inline-actions">
          <Button size="small" color="primary" fill="outline" onClick={() => void download()}>
            下载申请表
          </Button>
          <Button size="small" fill="outline" onClick={() => void showLink()}>
            复制链接
          </Button>
        </div>
      </section>
      <section className="unit-section" aria-label="已签字的申请表">
        <h2>上传已签字盖章的申请表</h2>
        <FormFiles fileIds={form.applicationFiles} onChange={(applicationFiles) => update({ applicationFiles })} />
      </section>
      <section className="unit-section">
        <Checkbox checked={form.truthful} onChange={(truthful) => update({ truthful })} className="unit-truthful">
          {unitApplyMessages.confirmTruthful}
        </Checkbox>
      </section>
      <div className="unit-footer unit-footer-three">
        <Button block onClick={() => void wizard.saveDraft()}>
          暂存
        </Button>
        {back && (
          <Button block onClick={() => wizard.goTo(back)}>
            上一步
          </Button>
        )}
        <Button block color="primary" loading={busy} onClick={() => void submit()}>
          提交
        </Button>
      </div>
    </div>
  )
}
