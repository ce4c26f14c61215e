/** Small payment marks drawn here (not the providers' artwork): two chat bubbles and the 支 glyph. */

export function WechatMark({ size = 36 }: { size?: number }) {
  return (
    <svg className="pay-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#07c160" />
      <ellipse cx="13" cy="13.5" rx="8" ry="6.5" fill="#fff" />
      <path d="M8.6 18.4 7.4 21.6l3.6-2z" fill="#fff" />
      <ellipse cx="20.2" cy="18.6" rx="6.6" ry="5.4" fill="#fff" stroke="#07c160" strokeWidth="1.2" />
      <path d="m23.8 22.8 1.2 2.6-3.2-1.6z" fill="#fff" />
      <circle cx="10.3" cy="12" r="1.05" fill="#07c160" />
      <circle cx="15.7" cy="12" r="1.05" fill="#07c160" />
      <circle cx="18" cy="17.6" r="0.9" fill="#07c160" />
      <circle cx="22.4" cy="17.6" r="0.9" fill="#07c160" />
    </svg>
  );
}

export function AlipayMark({ size = 36 }: { size?: number }) {
  return (
    <svg className="pay-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#1677ff" />
      <g fill="none" stroke="#fff" strokeWidth="2.3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M8.5 10h15M16 6.5V14" />
        <path d="M10 15.5h11.5c-2 5-6 8-12.5 9.8" />
        <path d="M12.6 18.6c2.6 3.2 6.2 5.3 11 6.4" />
      </g>
    </svg>
  );
}
