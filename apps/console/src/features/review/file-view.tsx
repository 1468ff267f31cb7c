import { FilePdfOutlined, FileOutlined } from '@ant-design/icons'
import type { ReviewFileLink } from '@seal/shared/api/unit-apply-admin'
import { Empty, Image, Typography } from 'antd'

/**
 * One file of the application as the reviewer looks at it: a picture to zoom into (antd's preview), or a
 * PDF opened in a new tab. `missing` says what to show when the applicant gave none.
 */
export function FileView({
  file,
  title,
  height = 220,
  missing = '未上传',
}: {
  file: ReviewFileLink | undefined
  title: string
  height?: number
  missing?: string
}) {
  return (
    <figure style={{ margin: 0 }} aria-label={title}>
      <div
        style={{
          height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#fafafa',
          border: '1px solid #f0f0f0',
          borderRadius: 8,
          overflow: 'hidden',
        }}
      >
        {!file ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={missing} />
        ) : file.mediaType.startsWith('image/') ? (
          <Image
            src={file.url}
            alt={title}
            height={height - 2}
            style={{ objectFit: 'contain', maxWidth: '100%' }}
          />
        ) : (
          <Typography.Link href={file.url} target="_blank" rel="noreferrer" style={{ fontSize: 16 }}>
            {file.mediaType === 'application/pdf' ? (
              <FilePdfOutlined style={{ fontSize: 40, display: 'block', marginBottom: 8 }} />
            ) : (
              <FileOutlined style={{ fontSize: 40, display: 'block', marginBottom: 8 }} />
            )}
            打开{title}
          </Typography.Link>
        )}
      </div>
      <figcaption style={{ textAlign: 'center', marginTop: 8, color: 'rgba(0,0,0,0.65)' }}>
        {title}
      </figcaption>
    </figure>
  )
}
