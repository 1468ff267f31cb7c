import { Column, Line, Pie } from '@ant-design/plots'
import type { DashboardAnswer } from '@seal/shared/api/console'
import { applyStatusLabels, type ApplyStatus } from '@seal/shared/codes/apply-status'

// The charting library is the largest part of the dashboard: this module is its own chunk, loaded after the numbers.

export function ApplicationsByStatus({ data }: { data: DashboardAnswer['applicationsByStatus'] }) {
  const rows = data
    .filter((row) => row.count > 0)
    .map((row) => ({ status: applyStatusLabels[row.status as ApplyStatus] ?? row.status, count: row.count }))
  return (
    <Pie
      data={rows}
      angleField="count"
      colorField="status"
      height={280}
      innerRadius={0.6}
      label={{ text: 'count', style: { fontWeight: 'bold' } }}
      legend={{ color: { position: 'right' } }}
    />
  )
}

export function PerDay({ data, name }: { data: { day: string; count: number }[]; name: string }) {
  return (
    <Column
      data={data.map((row) => ({ day: row.day.slice(5), [name]: row.count }))}
      xField="day"
      yField={name}
      height={260}
      axis={{ x: { labelAutoRotate: true } }}
    />
  )
}

export function UsesPerDay({ data }: { data: { day: string; count: number }[] }) {
  return (
    <Line
      data={data.map((row) => ({ day: row.day.slice(5), 用章次数: row.count }))}
      xField="day"
      yField="用章次数"
      height={260}
      point={{ size: 3 }}
    />
  )
}
