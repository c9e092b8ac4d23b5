/**
 * The billing systems' clients (IXC, MK-Auth, Asaas), built once per installation with what
 * they need beyond a company's credentials: the outbound guard (`ALLOW_PRIVATE_HOSTS`, for
 * a system on the company's own network) and Asaas's address (`ASAAS_BASE_URL`, its own by
 * default). The services get them as `ServiceDeps.isp`.
 */
import type { OutboundFetch } from "../../lib/net/outbound.ts";
import { asaasSystem } from "./asaas.ts";
import { ixcSystem } from "./ixc.ts";
import { mkauthSystem } from "./mkauth.ts";
import type { BillingSystem } from "./types.ts";

export interface IspSystems {
  ixc(host: string, token: string): BillingSystem;
  mkauth(host: string, clientId: string, clientSecret: string): BillingSystem;
  asaas(apiKey: string): BillingSystem;
}

export function createIspSystems(
  options: { outbound: OutboundFetch; asaasBaseUrl?: string },
): IspSystems {
  const call = { outbound: options.outbound };
  return {
    ixc: (host, token) => ixcSystem(host, token, call),
    mkauth: (host, clientId, clientSecret) => mkauthSystem(host, clientId, clientSecret, call),
    asaas: (apiKey) => asaasSystem(apiKey, { ...call, baseUrl: options.asaasBaseUrl }),
  };
}
