'use client';
/**
 * The ICP 备案号 in the footer, shown only when ICP_BEIAN is set. Asked of GET /api/v1/site after the
 * page renders: the footer of a static page was rendered at build time, the setting is the server's
 * at run time (docs/rules.md#environment).
 */
import { useEffect, useState } from 'react';
import { request } from '@/lib/api/client';
import { ICP_BEIAN_URL } from '@/lib/shop-identity';

export function IcpLink() {
  const [icp, setIcp] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    request<{ icpBeian: string | null }>('/site', { method: 'GET', quiet: true })
      .then((d) => live && setIcp(d.icpBeian))
      .catch(() => {
        /* no number shown: the footer is complete without it */
      });
    return () => {
      live = false;
    };
  }, []);
  if (!icp) return null;
  return (
    <a href={ICP_BEIAN_URL} target="_blank" rel="noopener noreferrer" className="footer-icp">
      {icp}
    </a>
  );
}
