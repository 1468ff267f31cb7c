import { describe, expect, it } from 'vitest'
import { csvCell, csvStream, keysetBatches } from './csv.ts'

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = ''
  for await (const chunk of stream) out += String(chunk)
  return out
}

describe('CSV exports', () => {
  it('quotes commas, quotes and line breaks, and writes formula-like text as text', () => {
    expect(csvCell('普通')).toBe('普通')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('他说"好"')).toBe('"他说""好"""')
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)")
    expect(csvCell('-1')).toBe("'-1")
    expect(csvCell(-1)).toBe('-1')
    expect(csvCell(null)).toBe('')
  })

  it('stops at the cap and says so in its last line', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: String(i).padStart(3, '0') }))
    const fetch = async (lastId: string | undefined, size: number) =>
      rows.filter((row) => !lastId || row.id > lastId).slice(0, size)
    const csv = await text(
      csvStream({
        columns: [{ title: '编号', value: (row) => row.id }],
        batches: keysetBatches(fetch, 10),
        maxRows: 10,
        cutNote: '已截断',
      }),
    )
    const lines = csv.trimEnd().split('\r\n')
    expect(lines[0]).toBe('\uFEFF编号')
    expect(lines.slice(1, 11)).toEqual(rows.slice(0, 10).map((row) => row.id))
    expect(lines[11]).toBe('已截断')
    expect(lines).toHaveLength(12)
  })

  it('writes every row without a note when the result fits', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: String(i) }))
    const fetch = async (lastId: string | undefined, size: number) =>
      rows.filter((row) => !lastId || row.id > lastId).slice(0, size)
    const csv = await text(
      csvStream({
        columns: [{ title: 'id', value: (row) => row.id }],
        batches: keysetBatches(fetch, 10),
        maxRows: 10,
        cutNote: '已截断',
      }),
    )
    expect(csv.trimEnd().split('\r\n')).toHaveLength(11)
  })
})
