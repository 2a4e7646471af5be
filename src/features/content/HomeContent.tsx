import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";

import { formatDateTime } from "@/i18n/format";
import { MegaphoneIcon } from "@/ui/Icons";
import type { HomeData } from "#contract/content";

/** One banner: its title and summary, a link to its page. Also the pre-rendered shell's Home preview (StaticShell). */
export function BannerSlide({ banner }: { banner: Pick<HomeData["banners"][number], "id" | "title" | "summary"> }) {
  return (
    <Link to="/pages/about/details" search={{ id: banner.id }} className="banner-slide" data-testid="banner">
      <strong>{banner.title}</strong>
      <span>{banner.summary}</span>
    </Link>
  );
}

/** Banner carousel: advances every 5 s (not when the reader prefers less motion), with dots to pick a slide. */
export function BannerCarousel({ banners }: { banners: HomeData["banners"] }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (banners.length < 2 || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % banners.length), 5000);
    return () => clearInterval(timer);
  }, [banners.length]);
  const banner = banners[index];
  if (!banner) return null;
  return (
    <section className="banner" aria-roledescription="carousel" aria-label={t`Highlights`}>
      <BannerSlide banner={banner} />
      <div className="banner-dots">
        {banners.map((b, i) => (
          <button
            key={b.id}
            type="button"
            className="banner-dot"
            aria-current={i === index}
            aria-label={t`Slide ${i + 1} of ${banners.length}`}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}

/** One notice at a time, rotating every 4 s, each a link to the notices page. */
export function NoticeTicker({ notices }: { notices: HomeData["notices"] }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (notices.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % notices.length), 4000);
    return () => clearInterval(timer);
  }, [notices.length]);
  const notice = notices[index];
  if (!notice) return null;
  return (
    <Link
      to="/pages/about/details"
      search={{ id: notice.id }}
      className="notice-ticker"
      aria-label={t`Notice: ${notice.title}`}
      data-testid="notice-ticker"
    >
      <MegaphoneIcon /> <span className="notice-text">{notice.title}</span>
    </Link>
  );
}

export function NewsList({ news, company }: Pick<HomeData, "news" | "company">) {
  const { t } = useLingui();
  return (
    <>
      <h2 className="section-title">
        {t`News`}
        <Link to="/pages/about/list" search={{ kind: "news" }} className="navbar-link">
          {t`All`}
        </Link>
      </h2>
      <ul className="record-list" data-testid="home-news">
        {news.map((item) => (
          <li key={item.id} className="record">
            <Link to="/pages/about/details" search={{ id: item.id }} className="content-link">
              <strong>{item.title}</strong>
              <span className="record-sub">{formatDateTime(item.time)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="quick-links">
        {company.map((page) => (
          <Link key={page.id} to="/pages/about/details" search={{ id: page.id }} className="button">
            {page.title}
          </Link>
        ))}
        {/* always there: the centre has its daily sign-in whether or not activities are published */}
        <Link to="/pages/user/activityCenter" className="button">
          <Trans>Activity centre</Trans>
        </Link>
      </div>
    </>
  );
}
