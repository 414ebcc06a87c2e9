import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The official `stripe` SDK's type declarations (node_modules/stripe, the API version it pins),
 * read with the TypeScript compiler API, and a check of JSON values against them: every field a
 * type requires is there, primitives and string-literal enums are right (an enum's `OtherString`
 * escape is not taken: a value must be one the SDK lists), null only where the type allows it,
 * `Decimal` fields are decimal strings (the SDK coerces them), no field the type does not know,
 * and nested objects, lists, expandable fields and unions recursively. Test support: the
 * simulator's shapes are held to it (shapes.test.ts), so an SDK upgrade shows what changed.
 */

/** Names of the SDK's `Stripe` namespace to check against, e.g. `Invoice`, `Event`. */
export type SdkTypeName = string;

const here = dirname(fileURLToPath(import.meta.url));
/** A file of its own beside this one, so that `stripe` resolves from the server's node_modules. */
const ENTRY = resolve(here, '__stripe_sdk_types__.ts');

export class SdkTypes {
  private readonly checker: ts.TypeChecker;
  private readonly aliases = new Map<string, ts.Type>();
  private readonly entry: ts.SourceFile;

  private constructor(names: SdkTypeName[]) {
    const source = [
      "import type Stripe from 'stripe';",
      ...names.map((n, i) => `export type T${i} = Stripe.${n};`),
    ].join('\n');
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: [],
    };
    const host = ts.createCompilerHost(options);
    const { getSourceFile, fileExists, readFile } = host;
    host.getSourceFile = (file, language, ...rest) =>
      file === ENTRY
        ? ts.createSourceFile(file, source, language)
        : getSourceFile.call(host, file, language, ...rest);
    host.fileExists = (file) => file === ENTRY || fileExists.call(host, file);
    host.readFile = (file) => (file === ENTRY ? source : readFile.call(host, file));
    const program = ts.createProgram([ENTRY], options, host);
    this.checker = program.getTypeChecker();
    const entry = program.getSourceFile(ENTRY);
    if (!entry) throw new Error('the SDK types entry was not read');
    this.entry = entry;
    const problems = ts
      .getPreEmitDiagnostics(program, entry)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    if (problems.length > 0) throw new Error(`The SDK's types: ${problems.join('; ')}`);
    entry.statements.forEach((s, i) => {
      if (ts.isTypeAliasDeclaration(s))
        this.aliases.set(names[i - 1] as string, this.checker.getTypeFromTypeNode(s.type));
    });
  }

  static load(names: SdkTypeName[]) {
    return new SdkTypes(names);
  }

  type(name: SdkTypeName): ts.Type {
    const t = this.aliases.get(name);
    if (!t) throw new Error(`${name} was not loaded`);
    return t;
  }

  /** The string literals of an enum type such as `PaymentIntent.LastPaymentError.Code`. */
  literals(name: SdkTypeName): string[] {
    const t = this.type(name);
    return (t.isUnion() ? t.types : [t])
      .filter((m): m is ts.StringLiteralType => m.isStringLiteral())
      .map((m) => m.value);
  }

  /**
   * The problems of `value` as the SDK's type `name`, one line each, with the path to the field
   * (list items as `[]`, so the same problem in many items is one line).
   */
  check(value: unknown, name: SdkTypeName, path = name): string[] {
    const out: string[] = [];
    this.walk(value, this.type(name), path, out);
    return out;
  }

  private walk(value: unknown, type: ts.Type, path: string, out: string[]): void {
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
    if (type.aliasSymbol?.name === 'Decimal') {
      if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value))
        out.push(`${path}: ${show(value)} is not a decimal string`);
      return;
    }
    if (type.isUnion()) {
      this.union(value, type, path, out);
      return;
    }
    if (value === null) {
      if (!(f & ts.TypeFlags.Null)) out.push(`${path}: null, but the type is not nullable`);
      return;
    }
    if (f & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) {
      if (value !== undefined) out.push(`${path}: present, but the type is ${this.name(type)}`);
      return;
    }
    if (type.isStringLiteral() || type.isNumberLiteral()) {
      if (value !== type.value) out.push(`${path}: ${show(value)}, expected ${show(type.value)}`);
      return;
    }
    if (f & ts.TypeFlags.BooleanLiteral) {
      const literal = this.checker.typeToString(type) === 'true';
      if (value !== literal) out.push(`${path}: ${show(value)}, expected ${literal}`);
      return;
    }
    if (f & ts.TypeFlags.String || isOtherString(type)) {
      if (typeof value !== 'string') out.push(`${path}: ${show(value)} is not a string`);
      return;
    }
    if (f & ts.TypeFlags.Number) {
      if (typeof value !== 'number') out.push(`${path}: ${show(value)} is not a number`);
      return;
    }
    if (f & ts.TypeFlags.Boolean) {
      if (typeof value !== 'boolean') out.push(`${path}: ${show(value)} is not a boolean`);
      return;
    }
    if (this.checker.isArrayType(type)) {
      if (!Array.isArray(value)) {
        out.push(`${path}: ${show(value)} is not an array`);
        return;
      }
      const item = this.checker.getTypeArguments(type as ts.TypeReference)[0];
      for (const v of value) if (item) this.walk(v, item, `${path}[]`, out);
      return;
    }
    if (f & ts.TypeFlags.Object || type.isIntersection()) this.object(value, type, path, out);
    else out.push(`${path}: the type ${this.name(type)} is not understood by the check`);
  }

  private union(value: unknown, type: ts.UnionType, path: string, out: string[]) {
    const members = type.types.filter((m) => !(m.flags & ts.TypeFlags.Undefined));
    if (value === null) {
      if (!members.some((m) => m.flags & ts.TypeFlags.Null))
        out.push(`${path}: null, but the type is not nullable`);
      return;
    }
    const present = members.filter((m) => !(m.flags & ts.TypeFlags.Null));
    // An enum: one of its literals (its `OtherString` is for values newer than the SDK).
    const literals = present.filter((m): m is ts.StringLiteralType => m.isStringLiteral());
    if (literals.length > 0 && typeof value === 'string') {
      if (!literals.some((m) => m.value === value))
        out.push(
          `${path}: ${show(value)} is not one of ${literals.map((m) => m.value).join(', ')}`,
        );
      return;
    }
    // Objects: the members whose `object` or `type` literal matches.
    let candidates = present;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const matching = present.filter((m) =>
        this.discriminates(m, value as Record<string, unknown>),
      );
      if (matching.length > 0) candidates = matching;
    }
    let best: string[] | null = null;
    for (const m of candidates) {
      const problems: string[] = [];
      this.walk(value, m, path, problems);
      if (problems.length === 0) return;
      if (!best || problems.length < best.length) best = problems;
    }
    out.push(...(best ?? [`${path}: ${show(value)} matches no member of ${this.name(type)}`]));
  }

  /** Whether an object member fits the value's `object` and `type` discriminators. */
  private discriminates(member: ts.Type, value: Record<string, unknown>) {
    if (!(member.flags & ts.TypeFlags.Object) || this.checker.isArrayType(member)) return false;
    for (const key of ['object', 'type', 'deleted']) {
      const prop = member.getProperty(key);
      if (!prop) {
        if (key === 'object' && value.object !== undefined) return false;
        continue;
      }
      const t = this.checker.getTypeOfSymbol(prop);
      const options = (t.isUnion() ? t.types : [t]).filter(
        (x) => !(x.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)),
      );
      const literals = options.filter(
        (x) => x.isStringLiteral() || x.flags & ts.TypeFlags.BooleanLiteral,
      );
      if (literals.length === 0 || literals.length !== options.length) continue;
      const fits = literals.some((x) =>
        x.isStringLiteral()
          ? x.value === value[key]
          : String(value[key]) === this.checker.typeToString(x),
      );
      const absentAllowed = (t.isUnion() ? t.types : [t]).some(
        (x) => x.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void),
      );
      if (!fits && !(absentAllowed && value[key] === undefined)) return false;
    }
    return true;
  }

  private object(value: unknown, type: ts.Type, path: string, out: string[]) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      out.push(`${path}: ${show(value)} is not an object (${this.name(type)})`);
      return;
    }
    const record = value as Record<string, unknown>;
    const props = this.checker.getPropertiesOfType(type);
    const known = new Set(props.map((p) => p.name));
    for (const prop of props) {
      const t = this.checker.getTypeOfSymbol(prop);
      if (t.getCallSignatures().length > 0) continue;
      const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0;
      const v = record[prop.name];
      if (v === undefined) {
        if (!optional && !(prop.name === 'id' && path === this.idAbsentAt))
          out.push(`${path}.${prop.name}: missing (${this.name(t)})`);
        continue;
      }
      this.walk(v, t, `${path}.${prop.name}`, out);
    }
    const index = this.checker.getIndexInfosOfType(type)[0];
    for (const [k, v] of Object.entries(record)) {
      if (known.has(k)) continue;
      if (index) this.walk(v, index.type, `${path}.${k}`, out);
      else out.push(`${path}.${k}: not a field of ${this.name(type)}`);
    }
  }

  /**
   * Where the SDK's documentation says an object has no id although its type requires one: the
   * invoice of `invoice.upcoming` ("The received `Invoice` object will not have an invoice ID").
   */
  private idAbsentAt: string | null = null;

  /** Checks an event against its member of the SDK's `Event` union (by `type`). */
  checkEvent(event: { type?: unknown; data?: unknown }, path = `Event<${String(event.type)}>`) {
    const member = this.eventMember(String(event.type));
    if (!member) return [`${path}: ${show(event.type)} is not an event type of the SDK`];
    const out: string[] = [];
    const doc = ts.displayPartsToString(
      (member.getSymbol() as ts.Symbol).getDocumentationComment(this.checker),
    );
    if (/will not have an invoice ID/i.test(doc)) {
      this.idAbsentAt = `${path}.data.object`;
      const object = (event.data as { object?: { id?: unknown } } | undefined)?.object;
      if (object?.id !== undefined)
        out.push(`${this.idAbsentAt}.id: present, but the SDK documents it as absent here`);
    }
    try {
      this.walk(event, member, path, out);
    } finally {
      this.idAbsentAt = null;
    }
    return out;
  }

  private eventMember(type: string): ts.Type | undefined {
    const union = this.type('Event');
    return (union.isUnion() ? union.types : [union]).find((m) => {
      const prop = m.getProperty('type');
      const t = prop && this.checker.getTypeOfSymbol(prop);
      return t?.isStringLiteral() && t.value === type;
    });
  }

  private name(type: ts.Type) {
    return this.checker.typeToString(type, this.entry).slice(0, 120);
  }
}

/** `OtherString` (`string & Record<never, never>`): any string. */
function isOtherString(type: ts.Type) {
  return type.isIntersection() && type.types.some((t) => (t.flags & ts.TypeFlags.String) !== 0);
}

const show = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 57)}...` : s;
};
