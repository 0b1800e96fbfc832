// negotiator 1.x (jshttp): the part the product uses. @types/negotiator describes 0.6, without
// `encodings`'s second argument (`preferred`: the server's order among equally weighted codings).
declare module 'negotiator' {
  interface Headers {
    [name: string]: string | string[] | undefined;
  }
  class Negotiator {
    constructor(request: { headers: Headers });
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
  export = Negotiator;
}
