import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { DotLoading, ErrorBlock, InfiniteScroll, NavBar, SearchBar } from 'antd-mobile'
import { useInfiniteQuery } from '@tanstack/react-query'
import { messages } from '@seal/shared/messages'
import { maskLegalPhone } from '@seal/shared/text/masking'
import { Loaded } from '../../components/loaded.tsx'
import { useDebounced } from '../../lib/use-debounced.ts'
import { orgPersons, type AvailableSeal } from './api.ts'
import { flowStore } from './flow.ts'
import './seal-auth.css'

/** The directory's page size and search debounce (000 §9). */
const PAGE_SIZE = 10
const SEARCH_DEBOUNCE_MS = 1000

/**
 * `/select-seal-user` 选择用章人 (000 §2): the unit's people from its organisation directory, by name, ten at a
 * time as the list scrolls; the chosen person goes back to the form. An empty directory says so.
 */
export function SelectSealUserPage() {
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const search = useDebounced(name.trim(), SEARCH_DEBOUNCE_MS)
  const socialCreditCode = flowStore.read<AvailableSeal>('seal')?.socialCreditCode ?? null
  const people = useInfiniteQuery({
    queryKey: ['seal-auth', 'directory', socialCreditCode, search],
    queryFn: ({ pageParam }) => orgPersons({ pageNum: pageParam, pageSize: PAGE_SIZE, name: search, socialCreditCode }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  })
  const firstPage = { data: people.data?.pages, isPending: people.isPending, isError: people.isError && !people.data, refetch: people.refetch }
  const emptyDirectory = !search && people.data?.pages[0]?.total === 0

  return (
    <div className="seal-auth-page">
      <NavBar onBack={() => navigate(-1)}>选择用章人</NavBar>
      <div className="seal-auth-search">
        <SearchBar placeholder="请输入姓名搜索" value={name} onChange={setName} />
      </div>
      {emptyDirectory ? (
        <ErrorBlock status="empty" title={messages.emptyOrganisation} description="" />
      ) : (
        <Loaded query={firstPage} isEmpty={(pages) => pages.every((page) => page.list.length === 0)} emptyTitle="未找到该人员">
          {(pages) => (
            <>
              <ul className="seal-auth-people">
                {pages
                  .flatMap((page) => page.list)
                  .map((person) => (
                    <li key={person.idCard}>
                      <button
                        type="button"
                        onClick={() => {
                          flowStore.write('user', person)
                          navigate(-1)
                        }}
                      >
                        <strong>{person.name}</strong>
                        <span>{maskLegalPhone(person.tel)}</span>
                      </button>
                    </li>
                  ))}
              </ul>
              <InfiniteScroll loadMore={async () => void (await people.fetchNextPage())} hasMore={people.hasNextPage} threshold={300}>
                {(hasMore) => (hasMore ? <DotLoading /> : <span className="seal-auth-end">{messages.noMorePages}</span>)}
              </InfiniteScroll>
            </>
          )}
        </Loaded>
      )}
    </div>
  )
}
