// The `smpp` package (SMPP 3.4 client and server) ships no types: these cover what app/sms and
// its tests use. A PDU's fields are the SMPP parameter names (system_id, short_message, …). It is
// CommonJS and fills part of its exports in loops, so it is imported whole: `import smpp from`.
declare module "smpp" {
  import { EventEmitter } from "node:events";
  import { Server as NetServer, type Socket } from "node:net";

  namespace smpp {
    interface PDU {
      command: string;
      command_status: number;
      sequence_number: number;
      isResponse(): boolean;
      response(options?: Record<string, unknown>): PDU;
      [field: string]: unknown;
    }

    type Callback = (pdu: PDU) => void;

    class Session extends EventEmitter {
      socket: Socket;
      send(pdu: PDU, responseCallback?: Callback): boolean;
      close(callback?: () => void): void;
      destroy(callback?: () => void): void;
      bind_transceiver(options: Record<string, unknown>, responseCallback?: Callback): boolean;
      submit_sm(options: Record<string, unknown>, responseCallback?: Callback): boolean;
      deliver_sm(options: Record<string, unknown>, responseCallback?: Callback): boolean;
      enquire_link(options?: Record<string, unknown>, responseCallback?: Callback): boolean;
      unbind(options?: Record<string, unknown>, responseCallback?: Callback): boolean;
    }

    class Server extends NetServer {
      sessions: Session[];
    }

    function connect(options: { host: string; port: number }, listener?: () => void): Session;
    function createServer(
      options: Record<string, unknown>,
      listener?: (session: Session) => void,
    ): Server;

    const errors: Record<string, number>;
    const ESME_ROK: number;
  }

  export = smpp;
}
