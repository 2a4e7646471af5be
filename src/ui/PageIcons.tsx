import { type IconProps, lineIcon } from "./Icons";

/** The icons of pages other than the first screen (Icons.tsx has why they are drawn inline): not in the app shell. */
export const BackIcon = ({ size = 22 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <path d="M15 5l-7 7 7 7" />
  </svg>
);
export const ChevronIcon = ({ size = 18 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <path d="M9 5l7 7-7 7" />
  </svg>
);
export const GlobeIcon = ({ size = 20 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18" />
  </svg>
);
export const LogoutIcon = ({ size = 20 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" />
  </svg>
);
export const CopyIcon = ({ size = 18 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V4H4v12h4" />
  </svg>
);
export const WalletIcon = ({ size = 20 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M16 12h3M3 9h18" />
  </svg>
);
export const CardIcon = ({ size = 20 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 10h18M7 15h4" />
  </svg>
);
export const MailIcon = ({ size = 20 }: IconProps) => (
  <svg {...lineIcon(size)}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </svg>
);
