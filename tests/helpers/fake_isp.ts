/**
 * Local stand-ins for the three ISP billing systems the "segunda via" option queries, on one
 * port (their paths do not overlap), each answering as the system does:
 * - IXC Soft's webservice (https://wikiapiprovedor.ixcsoft.com.br: `/webservice/v1/...`, HTTP
 *   Basic with the token, list queries marked `ixcsoft: listar`); like IXC it reports a
 *   refusal inside a 200 as `{type: "error", message}` (`ixcError`);
 * - MK-Auth's API (`/api/...`, a bearer token from the client id and secret): `cliente/show`
 *   answers `{dados_cliente: {titulos: {...}}}` with the customer's title, and a bare `NULL`
 *   for a document nobody has, as the integrations built against MK-Auth read it (the
 *   whaticket-derived "segunda via" flows); `mkauthShape = "login"` answers instead a
 *   top-level `login` whose titles come from `titulo/titulos/{login}`;
 * - Asaas (https://docs.asaas.com: `/v3/...`, `access_token` header).
 * Each knows one customer, CPF 529.982.247-25, with one paid and two open bills; every
 * request is recorded; `failing` makes every answer a 500.
 */
export const KNOWN_CPF = "52998224725";
export const IXC_TOKEN = "7:ixc-secret-token";
export const MK_CLIENT = { id: "mk-client", secret: "mk-secret-value" };
export const ASAAS_KEY = "$aact_test_key_000001";
const MK_BEARER = "mk-bearer-123";

export interface FakeIsp {
  /** `http://127.0.0.1:port`. */
  origin: string;
  /** `127.0.0.1:port`, for ALLOW_PRIVATE_HOSTS. */
  hostPort: string;
  requests: { path: string; headers: Headers; body: unknown }[];
  failing: boolean;
  /** IXC answers every query with this error, inside a 200, as IXC does. */
  ixcError: string | null;
  mkauthShape: "dados_cliente" | "login";
  close(): Promise<void>;
}

/** Each system's open bills, as the chatbot should tell them. */
export const OPEN_BILLS = {
  ixc: [
    {
      due: "10/11/2026",
      value: "R$ 99,90",
      line: "23790.00001 11111.111111 11111.111111 1 1",
      pix: "00020101IXC1",
    },
    {
      due: "10/12/2026",
      value: "R$ 99,90",
      line: "23790.00002 22222.222222 22222.222222 2 2",
      pix: "00020101IXC2",
    },
  ],
};

function json(value: unknown, status = 200): Response {
  return Response.json(value, { status });
}

export function startFakeIsp(): FakeIsp {
  const fake: FakeIsp = {
    origin: "",
    hostPort: "",
    requests: [],
    failing: false,
    ixcError: null,
    mkauthShape: "dados_cliente",
    close: () => server.shutdown(),
  };
  const ixcAuth = `Basic ${btoa(IXC_TOKEN)}`;
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    const text = await request.text();
    const body = text ? JSON.parse(text) : undefined;
    fake.requests.push({ path: `${path}${url.search}`, headers: request.headers, body });
    if (fake.failing) return json({ error: "down" }, 500);

    // IXC Soft
    if (path.startsWith("/webservice/v1/")) {
      if (request.headers.get("authorization") !== ixcAuth) return json({ type: "error" }, 401);
      if (fake.ixcError) return json({ type: "error", message: fake.ixcError });
      const table = path.slice("/webservice/v1/".length);
      if (table === "cliente") {
        const found = body.qtype === "cliente.cnpj_cpf" && body.query === "529.982.247-25";
        return json({ total: found ? 1 : 0, registros: found ? [{ id: "41", razao: "Ana" }] : [] });
      }
      if (table === "fn_areceber" && body.query === "41") {
        const filter = JSON.parse(body.grid_param)[0];
        const rows = [
          { id: "9", status: "R", data_vencimento: "2026-10-10", valor: "99.90" },
          {
            id: "10",
            status: "A",
            data_vencimento: "2026-11-10",
            valor: "99.90",
            linha_digitavel: OPEN_BILLS.ixc[0]!.line,
          },
          {
            id: "11",
            status: "A",
            data_vencimento: "2026-12-10",
            valor: "99.90",
            linha_digitavel: OPEN_BILLS.ixc[1]!.line,
          },
        ];
        return json({
          total: 2,
          registros: rows.filter((row) =>
            filter.TB === "fn_areceber.status" && row.status === filter.P
          ),
        });
      }
      if (table === "get_pix") {
        return json({
          type: "success",
          pix: { qrCode: { qrcode: `00020101IXC${Number(body.id_areceber) - 9}` } },
        });
      }
      return json({ type: "error" }, 404);
    }

    // MK-Auth
    if (path === "/api/") {
      const expected = `Basic ${btoa(`${MK_CLIENT.id}:${MK_CLIENT.secret}`)}`;
      if (request.headers.get("authorization") !== expected) {
        return new Response("denied", { status: 401 });
      }
      return new Response(MK_BEARER);
    }
    if (path.startsWith("/api/")) {
      if (request.headers.get("authorization") !== `Bearer ${MK_BEARER}`) return json({}, 401);
      const known = path === `/api/cliente/show/${KNOWN_CPF}`;
      if (path.startsWith("/api/cliente/show/") && fake.mkauthShape === "dados_cliente") {
        // MK-Auth prints PHP's NULL for a document nobody has: not JSON.
        if (!known) return new Response("NULL", { headers: { "content-type": "text/html" } });
        return json({
          dados_cliente: {
            titulos: {
              nome: "Ana Souza",
              cpf_cnpj: "529.982.247-25",
              titulo: "8",
              status: "vencido",
              datavenc: "2026-11-05",
              valor: "120.00",
              linhadig: "MKLINE8",
              qrcode: "00020101MK8",
              bloqueado: "nao",
              uuid_cliente: "a1b2c3",
            },
          },
        });
      }
      if (known) return json({ login: "ana.souza", nome: "Ana" });
      if (path.startsWith("/api/cliente/show/")) {
        return json({ mensagem: "Registro não encontrado" });
      }
      if (path === "/api/titulo/titulos/ana.souza") {
        return json({
          titulos: [
            { titulo: "7", status: "pago", datavenc: "2026-10-05", valor: "120.00" },
            {
              titulo: "8",
              status: "vencido",
              datavenc: "2026-11-05",
              valor: "120.00",
              linhadig: "MKLINE8",
              pix: "00020101MK8",
            },
            {
              titulo: "9",
              status: "aberto",
              datavenc: "2026-12-05",
              valor: "120.00",
              linhadig: "MKLINE9",
              pix: "00020101MK9",
            },
          ],
        });
      }
      return json({}, 404);
    }

    // Asaas
    if (path.startsWith("/v3/")) {
      if (request.headers.get("access_token") !== ASAAS_KEY) return json({ errors: [] }, 401);
      if (path === "/v3/customers") {
        const found = url.searchParams.get("cpfCnpj") === KNOWN_CPF;
        return json({ data: found ? [{ id: "cus_1" }] : [] });
      }
      if (path === "/v3/payments" && url.searchParams.get("customer") === "cus_1") {
        return json({
          data: [
            { id: "pay_3", status: "PENDING", dueDate: "2027-01-15", value: 59.9 },
            { id: "pay_1", status: "RECEIVED", dueDate: "2026-11-15", value: 59.9 },
            { id: "pay_2", status: "OVERDUE", dueDate: "2026-12-15", value: 59.9 },
          ],
        });
      }
      const detail = /^\/v3\/payments\/(pay_\d)\/(identificationField|pixQrCode)$/.exec(path);
      if (detail) {
        return detail[2] === "identificationField"
          ? json({ identificationField: `ASLINE-${detail[1]}` })
          : json({ payload: `00020101AS-${detail[1]}` });
      }
      return json({ errors: [] }, 404);
    }
    return new Response("not found", { status: 404 });
  });
  fake.origin = `http://127.0.0.1:${server.addr.port}`;
  fake.hostPort = `127.0.0.1:${server.addr.port}`;
  return fake;
}
