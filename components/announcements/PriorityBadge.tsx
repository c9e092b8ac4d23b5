/** An announcement's priority in its colour (admin §3: 1 red, 2 orange, 3 grey), and in words. */
import { Badge, type BadgeTone } from "../ui/Badge.tsx";

const TONE: Record<1 | 2 | 3, BadgeTone> = { 1: "danger", 2: "warning", 3: "neutral" };

export function PriorityBadge({ priority, label }: { priority: 1 | 2 | 3; label: string }) {
  return <Badge tone={TONE[priority]} dot>{label}</Badge>;
}
