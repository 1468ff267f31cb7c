import { useNavigate } from 'react-router-dom'
import { isConfiguredLink, type OperationImage } from '@seal/shared/api/config'
import { useHomeBanners } from './api/operation-images.ts'

/**
 * The home banner (001 §7, 002 §7: GET /configs/operation/image?position=1): the operator's images side by
 * side, each opening its link (a path of ours in the app, anything else as an address). With none configured,
 * or the call failing, there is no banner: home is whole without it (docs/decisions.md "Home banner").
 */
export function HomeBanner() {
  const banners = useHomeBanners().data ?? []
  if (banners.length === 0) return null
  return (
    <section className="home-banners" aria-label="运营图片">
      {banners.map((banner, index) => (
        <BannerImage key={`${banner.fileId}-${index}`} banner={banner} alt={`运营图片${index + 1}`} />
      ))}
    </section>
  )
}

function BannerImage({ banner, alt }: { banner: OperationImage; alt: string }) {
  const navigate = useNavigate()
  const image = <img src={banner.url} alt={alt} />
  // A path of ours or a web address; anything else (a javascript: link stored before the check) opens nothing.
  if (!isConfiguredLink(banner.link)) return <div className="home-banner">{image}</div>
  const inApp = banner.link.startsWith('/')
  const open = () => (inApp ? navigate(banner.link) : window.location.assign(banner.link))
  return (
    <button type="button" className="home-banner" onClick={open}>
      {image}
    </button>
  )
}
