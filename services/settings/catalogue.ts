/**
 * Every company setting in one catalogue (admin §3, §9): its allowed values, the default a
 * company gets at creation, whether it is a secret, and who changes it. Reading (the
 * defaults, the known keys, the options the server acts on) and editing (the values a
 * change may take, who may make it) both go through it, so a key cannot be known to one
 * and missing from the other. No dependencies: the browser uses it too.
 */

const SWITCH = ["enabled", "disabled"] as const;

/** Room for the longest of the providers' API keys. */
export const SECRET_MAX_LENGTH = 500;

export interface SettingSpec {
  /** The values it may take, or "text": free text up to `SECRET_MAX_LENGTH` (credentials). */
  values: readonly string[] | "text";
  /** The value a company gets when it is created; none: the key is stored when first set. */
  default?: string;
  /** Typed in and never read back: answered masked, to admins only, and never published. */
  secret?: true;
  /** Who changes it: a company admin (`PUT /api/settings/{key}`) or the super user. */
  editableBy: "admin" | "super";
}

/** The catalogue, in the order the Options and Credentials tabs show their keys. */
export const SETTINGS = {
  userRating: { values: SWITCH, default: "disabled", editableBy: "admin" },
  scheduleType: {
    values: ["disabled", "queue", "company"],
    default: "disabled",
    editableBy: "admin",
  },
  call: { values: SWITCH, default: "enabled", editableBy: "admin" },
  CheckMsgIsGroup: { values: SWITCH, default: "enabled", editableBy: "admin" },
  sendGreetingAccepted: { values: SWITCH, default: "disabled", editableBy: "admin" },
  sendMsgTransfTicket: { values: SWITCH, default: "disabled", editableBy: "admin" },
  sendGreetingMessageOneQueues: { values: SWITCH, default: "disabled", editableBy: "admin" },
  // Buttons and lists no longer reach WhatsApp users, so text is the one format left.
  chatBotType: { values: ["text"], default: "text", editableBy: "admin" },
  // The super user's to grant (it shows the campaign menus), through the company form.
  campaignsEnabled: { values: ["true", "false"], default: "false", editableBy: "super" },
  // The ISP billing integrations' credentials (admin §3).
  ipixc: { values: "text", secret: true, editableBy: "admin" },
  tokenixc: { values: "text", secret: true, editableBy: "admin" },
  ipmkauth: { values: "text", secret: true, editableBy: "admin" },
  clientidmkauth: { values: "text", secret: true, editableBy: "admin" },
  clientsecretmkauth: { values: "text", secret: true, editableBy: "admin" },
  asaas: { values: "text", secret: true, editableBy: "admin" },
} as const satisfies Record<string, SettingSpec>;

type Catalogue = typeof SETTINGS;
export type SettingKey = keyof Catalogue;

/** The options a company admin picks from a closed set of values. */
export type EditableSettingKey = {
  [K in SettingKey]: Catalogue[K] extends { editableBy: "admin"; values: readonly string[] } ? K
    : never;
}[SettingKey];

/** The credentials: secret, free text. */
export type SecretSettingKey = {
  [K in SettingKey]: Catalogue[K] extends { secret: true } ? K : never;
}[SettingKey];

const KEYS = Object.keys(SETTINGS) as SettingKey[];
const spec = (key: SettingKey): SettingSpec => SETTINGS[key];

export function isSetting(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

export function isEditableSetting(key: string): key is EditableSettingKey {
  return isSetting(key) && spec(key).editableBy === "admin" && spec(key).values !== "text";
}

export function isSecretSetting(key: string): key is SecretSettingKey {
  return isSetting(key) && spec(key).secret === true;
}

/** Each option an admin changes, with its allowed values, in the Options tab's order. */
export const EDITABLE_SETTINGS = Object.fromEntries(
  KEYS.filter(isEditableSetting).map((key) => [key, SETTINGS[key].values]),
) as { readonly [K in EditableSettingKey]: Catalogue[K]["values"] };

/** The credentials' keys, in the Credentials tab's order. */
export const SECRET_SETTINGS: readonly SecretSettingKey[] = KEYS.filter(isSecretSetting);

/** The settings every signed-in user of the company reads: all but the credentials. */
export const OPEN_SETTINGS: readonly SettingKey[] = KEYS.filter((key) => !isSecretSetting(key));

/** What a company is created with: every key that has a default (the credentials have none). */
export const DEFAULT_SETTINGS: Readonly<Record<string, string>> = Object.fromEntries(
  KEYS.flatMap((key) => {
    const value = spec(key).default;
    return value === undefined ? [] : [[key, value]];
  }),
);
