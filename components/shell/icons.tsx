/**
 * The icons of the app shell: one per menu entry and the top bar's controls. Same frame and
 * stroke as components/icons.tsx, so they sit together without looking borrowed.
 */
import { type IconProps, Svg } from "../icons.tsx";

export function GridIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="3.5" width="7" height="9" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="5" rx="1.5" />
      <rect x="13.5" y="11.5" width="7" height="9" rx="1.5" />
      <rect x="3.5" y="15.5" width="7" height="5" rx="1.5" />
    </Svg>
  );
}

export function BoltIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M13 2.5 4.5 13.5H12l-1 8 8.5-11H12l1-8Z" />
    </Svg>
  );
}

export function ColumnsIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="3.5" width="4.5" height="17" rx="1.2" />
      <rect x="9.75" y="3.5" width="4.5" height="11" rx="1.2" />
      <rect x="16" y="3.5" width="4.5" height="14" rx="1.2" />
    </Svg>
  );
}

export function CheckSquareIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
      <path d="m8 12.5 2.7 2.7L16.5 9" />
    </Svg>
  );
}

export function ContactIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
      <circle cx="12" cy="10" r="3" />
      <path d="M7 18.5c.8-2.4 2.7-3.8 5-3.8s4.2 1.4 5 3.8" />
    </Svg>
  );
}

export function CalendarIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 9.5h17M8 3v4M16 3v4" />
      <path d="M8 13h.01M12 13h.01M16 13h.01M8 16.5h.01M12 16.5h.01" />
    </Svg>
  );
}

export function ChatsIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 6.5A2.5 2.5 0 0 1 6.5 4H12a2.5 2.5 0 0 1 2.5 2.5V11a2.5 2.5 0 0 1-2.5 2.5H8l-3 2.2v-2.4A2.5 2.5 0 0 1 4 11Z" />
      <path d="M17.5 9.5a2.5 2.5 0 0 1 2.5 2.5v4.5a2.5 2.5 0 0 1-1 2v2.3l-3-2.3h-3.5a2.5 2.5 0 0 1-2.4-1.8" />
    </Svg>
  );
}

export function HelpIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.6 2.6 0 0 1 5 .9c0 1.7-2.5 2.2-2.5 3.8" />
      <path d="M12 17.2h.01" />
    </Svg>
  );
}

export function MegaphoneIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3.5 10.5v3A1.5 1.5 0 0 0 5 15h2l9 4.5v-15L7 9H5a1.5 1.5 0 0 0-1.5 1.5Z" />
      <path d="m7 15 1.5 5H11l-1-4.2M19.5 9.5v5" />
    </Svg>
  );
}

export function ListIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
    </Svg>
  );
}

export function ClipboardIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="5" y="4.5" width="14" height="16.5" rx="2" />
      <path d="M9 3h6v3H9zM8.5 11h7M8.5 14.5h7M8.5 18h4" />
    </Svg>
  );
}

export function SlidersIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 6h9M17 6h3M4 12h2M10 12h10M4 18h7M15 18h5" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="8" cy="12" r="2" />
      <circle cx="13" cy="18" r="2" />
    </Svg>
  );
}

export function NewspaperIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 4.5h11a1.5 1.5 0 0 1 1.5 1.5v12.5a2 2 0 0 0 2 2H6.5a2 2 0 0 1-2-2V5a.5.5 0 0 1 .5-.5Z" />
      <path d="M17.5 9h2v9.5a1 1 0 0 1-2 0M8 8.5h6M8 12h6M8 15.5h4" />
    </Svg>
  );
}

export function SparklesIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m11 3.5 1.6 4.1a2 2 0 0 0 1.1 1.1l4.1 1.6-4.1 1.6a2 2 0 0 0-1.1 1.1L11 17.1l-1.6-4.1a2 2 0 0 0-1.1-1.1l-4.1-1.6 4.1-1.6a2 2 0 0 0 1.1-1.1Z" />
      <path d="M18.5 15.5v5M16 18h5" />
    </Svg>
  );
}

export function BlocksIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" />
      <path d="M17 3.5v7M13.5 7h7" />
    </Svg>
  );
}

export function FolderIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3.5 7.5a2 2 0 0 1 2-2h4l2 2.5h7a2 2 0 0 1 2 2v7.5a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2Z" />
    </Svg>
  );
}

export function FlowIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="9" y="3" width="6" height="5" rx="1.2" />
      <rect x="3" y="16" width="6" height="5" rx="1.2" />
      <rect x="15" y="16" width="6" height="5" rx="1.2" />
      <path d="M12 8v4M6 16v-2a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v2" />
    </Svg>
  );
}

export function CodeIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m8.5 7.5-4.5 4.5 4.5 4.5M15.5 7.5l4.5 4.5-4.5 4.5M13.5 5l-3 14" />
    </Svg>
  );
}

export function CardIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
      <path d="M3 10h18M7 14.5h3" />
    </Svg>
  );
}

export function GearIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="3" />
      <circle cx="12" cy="12" r="6.2" />
      <path d="M12 3v2.8M12 18.2V21M3 12h2.8M18.2 12H21M5.6 5.6l2 2M16.4 16.4l2 2M5.6 18.4l2-2M16.4 7.6l2-2" />
    </Svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 6.5h16M4 12h16M4 17.5h16" />
    </Svg>
  );
}

export function RefreshIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3" />
      <path d="M19.5 4v4h-4" />
    </Svg>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 16.5V11a6 6 0 1 1 12 0v5.5l1.5 2h-15Z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </Svg>
  );
}

/** A speaker whose waves follow the level: none (crossed out), one, or two. */
export function VolumeIcon(props: IconProps & { level: number }) {
  const { level, ...rest } = props;
  return (
    <Svg {...rest}>
      <path d="M4 9.5v5h3.5l4.5 4v-13l-4.5 4Z" />
      {level <= 0 && <path d="m16 9.5 5 5M21 9.5l-5 5" />}
      {level > 0 && <path d="M15.5 9.5a3.5 3.5 0 0 1 0 5" />}
      {level > 0.5 && <path d="M18 7a7 7 0 0 1 0 10" />}
    </Svg>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M10 4.5H6.5a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2H10" />
      <path d="m15 8 4 4-4 4M19 12H9" />
    </Svg>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="8.5" r="3.8" />
      <path d="M4.5 20c1-3.6 4-5.6 7.5-5.6s6.5 2 7.5 5.6" />
    </Svg>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m9 6 6 6-6 6" />
    </Svg>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5V12l3 2" />
    </Svg>
  );
}
