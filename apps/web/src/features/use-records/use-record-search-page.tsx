import { useState } from 'react'
import { SearchBar } from 'antd-mobile'
import { SealFrame, useSealIdParam } from '../my-seals/seal-frame.tsx'
import { Records } from './use-record-page.tsx'
import './use-records.css'

/**
 * `/seal-searchbar-list/:type?sealId=` 搜索用章记录 (spec 000 §2): a keyword of the remark or the file
 * name over the seal's use records.
 */
export function UseRecordSearchPage() {
  const [keyword, setKeyword] = useState('')

  return (
    <SealFrame title="搜索用章记录" sealId={useSealIdParam()}>
      {(seal) => (
        <>
          <div className="use-record-filter">
            <SearchBar placeholder="请输入备注或文件名称" maxLength={64} autoFocus onSearch={(value) => setKeyword(value.trim())} onClear={() => setKeyword('')} />
          </div>
          {keyword ? (
            <Records query={{ sealId: seal.id, sealTypeCode: seal.sealTypeCode, remark: keyword }} />
          ) : (
            <p className="use-record-search-hint">输入备注或文件名称中的文字，查找用章记录</p>
          )}
        </>
      )}
    </SealFrame>
  )
}
