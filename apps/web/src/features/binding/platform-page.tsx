import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { NavBar, SearchBar, Toast } from 'antd-mobile'
import { bindingMessages, type PlatformItem } from '@seal/shared/api/binding'
import { Loaded } from '../../components/loaded.tsx'
import { useDebounced } from '../../lib/use-debounced.ts'
import { usePlatforms } from './api/platform-config.ts'
import { emptyPlatformsMessage, isPlatformFull, platformCount } from './binding-flow.ts'
import './binding.css'

/** The platform search waits this long after the last keystroke (002 §5, §9). */
export const PLATFORM_SEARCH_DEBOUNCE_MS = 300

/**
 * `/binding/platform` 选择绑定平台 (002 §2, §5): search by the platform's name (300 ms after typing stops),
 * each platform with (applied/total) and its usage notes. Chosen, it goes to the seals (/binding-list), or
 * back to the one seal being bound (`?sealId`, /seal-bind). A host may open it for one platform type
 * (`?platformType`): none configured says 未找到指定平台配置项，请确认.
 */
export function PlatformPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const sealId = params.get('sealId')
  const platformType = params.get('platformType') ?? undefined
  const [text, setText] = useState('')
  const clientName = useDebounced(text.trim(), PLATFORM_SEARCH_DEBOUNCE_MS)
  const platforms = usePlatforms({ clientName, platformType })

  const choose = (platform: PlatformItem) => {
    if (isPlatformFull(platform)) {
      Toast.show({ content: bindingMessages.platformFull })
      return
    }
    if (sealId) navigate(`/seal-bind/${encodeURIComponent(sealId)}?${new URLSearchParams({ platformId: platform.id, agreed: '1' })}`, { replace: true })
    else navigate(`/binding-list?${new URLSearchParams({ platformId: platform.id })}`)
  }

  return (
    <div className="binding-page">
      <NavBar onBack={() => navigate(-1)}>选择绑定平台</NavBar>
      <div className="binding-search">
        <SearchBar placeholder="请输入平台全称搜索" value={text} onChange={setText} aria-label="平台名称" />
      </div>
      <Loaded query={platforms} isEmpty={(list) => list.length === 0} emptyTitle={emptyPlatformsMessage(clientName)}>
        {(list) => (
          <ul className="binding-platforms" aria-label="业务平台">
            {list.map((platform) => (
              <li key={platform.id}>
                <button type="button" className="binding-platform" onClick={() => choose(platform)} aria-disabled={isPlatformFull(platform)}>
                  <span className="binding-platform-name">
                    <strong>{platform.clientName}</strong>
                    <span className="binding-platform-count">{platformCount(platform)}</span>
                  </span>
                  {platform.usageNotes && <span className="binding-platform-notes">{platform.usageNotes}</span>}
                  {isPlatformFull(platform) && <span className="binding-platform-full">已满</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </div>
  )
}
