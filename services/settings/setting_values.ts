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

/**
 * The ISP billing integrations' credentials (admin §3): free text that admins type in and
 * nobody reads back, so the API answers them masked and only to admins.
 */
export const SECRET_SETTINGS = [
  "ipixc",
  "tokenixc",
  "ipmkauth",
  "clientidmkauth",
  "clientsecretmkauth",
  "asaas",
] as const;

export type SecretSettingKey = typeof SECRET_SETTINGS[number];

/** Room for the longest of the providers' API keys. */
export const SECRET_MAX_LENGTH = 500;

export function isSecretSetting(key: string): key is SecretSettingKey {
  return (SECRET_SETTINGS as readonly string[]).includes(key);
}
