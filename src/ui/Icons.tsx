/**
 * Line icons drawn inline: no icon font to download, crisp at any size, coloured by currentColor. This file holds
 * the first screen's (the tab bar, Home, the empty state) and ships in the app shell; the other pages' icons are
 * in PageIcons.tsx, which loads with them.
 */
export interface IconProps {
  size?: number;
}

export const lineIcon = (size: number) => ({
  width: size,
  height: size,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
});

export const HomeIcon = ({ size = 22 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <path d="M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z" />
  </svg>
);
export const ProjectIcon = ({ size = 22 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M8 7V4h8v3M3 12h18" />
  </svg>
);
export const OrderIcon = ({ size = 22 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6" />
  </svg>
);
export const MineIcon = ({ size = 22 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </svg>
);
export const ChartIcon = ({ size = 40 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <path d="M3 20h18M6 16l4-5 4 3 5-7" />
  </svg>
);
export const MegaphoneIcon = ({ size = 18 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <path d="M3 10v4h4l7 4V6L7 10z" />
    <path d="M17 9a4 4 0 0 1 0 6" />
  </svg>
);
