/**
 * The options a company admin changes, with their allowed values (admin §3, §9), in the
 * order the Options tab shows them. No dependencies: the browser uses it too.
 */

const SWITCH = ["enabled", "disabled"] as const;

export const EDITABLE_SETTINGS = {
  userRating: SWITCH,
  scheduleType: ["disabled", "queue", "company"],
  call: SWITCH,
  CheckMsgIsGroup: SWITCH,
  sendGreetingAccepted: SWITCH,
  sendMsgTransfTicket: SWITCH,
  sendGreetingMessageOneQueues: SWITCH,
  // Buttons and lists no longer reach WhatsApp users, so text is the one format left.
  chatBotType: ["text"],
} as const satisfies Record<string, readonly string[]>;

export type EditableSettingKey = keyof typeof EDITABLE_SETTINGS;

export function isEditableSetting(key: string): key is EditableSettingKey {
  return Object.hasOwn(EDITABLE_SETTINGS, key);
}
