import type { ReviewFileLink } from '@seal/shared/api/unit-apply-admin'
import { Card, Col, Image, Row } from 'antd'
import { FileView } from './file-view.tsx'

/** The documents of the application (everything but the seal pictures, which sit with their seal), side by side. */
export function DocumentGallery({ files }: { files: ReviewFileLink[] }) {
  const documents = files.filter((file) => !file.purpose.startsWith('seal:'))
  return (
    <Card title="申请材料" style={{ marginBottom: 16 }}>
      {documents.length === 0 ? (
        <p style={{ color: '#999' }}>该申请没有上传材料</p>
      ) : (
        <Image.PreviewGroup>
          <Row gutter={[16, 16]}>
            {documents.map((file) => (
              <Col key={file.purpose} xs={24} md={12} xl={8} xxl={6}>
                <FileView file={file} title={file.title} />
              </Col>
            ))}
          </Row>
        </Image.PreviewGroup>
      )}
    </Card>
  )
}
