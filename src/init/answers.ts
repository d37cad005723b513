import { UserError } from "../errors.ts";
import { knownZip } from "./places.ts";
import { parseHours } from "./hours.ts";
import { checkServices, type Checked } from "./services.ts";

/** What a new site is started from: the owner's own facts, nothing more. */
export interface Answers {
  company: string;
  /** The services, each in the owner's few words, lower case but for acronyms: ["mole removal"], ["AC repair", "furnace repair"]. */
  services: string[];
  phone: string;
  email: string;
  zip: string;
  /** The street address, when customers may come to the office (optional). */
  street?: string;
  /** Office hours in schema.org's short form, "Mo-Fr 07:00-18:00" (optional). */
  hours?: string;
  /** Where the site is published, when chosen: its workflow or settings are written, its form's requests go there. */
  host?: Host;
}

/** The hosts init writes the publishing files for (deploy/ in the package). */
export const HOSTS = ["github-pages", "netlify", "cloudflare", "server"] as const;
export type Host = (typeof HOSTS)[number];

export type AnswerName = keyof Answers;

/** One question: the flag that answers it, what is asked on a terminal, and how an answer is checked. */
export interface Question {
  name: AnswerName;
  flag: string;
  prompt: string;
  example: string;
  /** The flag as typed, when not `flag "example"`. */
  flagExample?: string;
  /** May be left out: no flag, or an empty answer on the terminal. */
  optional?: boolean;
  /** The answer as site.yaml takes it, or what is wrong with it (a line for each problem). */
  check: (value: string) => Checked | Promise<Checked>;
}


const ok = (value: string) => ({ value });
const problem = (message: string) => ({ problem: message });

/** The questions, in the order they are asked. */
export const QUESTIONS: readonly Question[] = [
  {
    name: "company",
    flag: "--company",
    prompt: "Company name",
    example: "Desert Pool Care",
    check: (value) => (value.length >= 2 && value.length <= 80 && !/[{}<>]/.test(value) ? ok(value) : problem("must be 2 to 80 characters, without { } < >")),
  },
  {
    name: "services",
    // Given once per service (--service "pool cleaning" --service "pool repair"); cli.ts joins them with commas.
    flag: "--service",
    prompt: "Your services, in a few words each, separated by commas",
    example: "pool cleaning, pool repair",
    flagExample: '--service "pool cleaning" --service "pool repair"',
    check: checkServices,
  },
  {
    name: "phone",
    flag: "--phone",
    prompt: "Phone number",
    example: "(503) 555-0142",
    check: (value) => {
      const digits = value.replace(/[\s().+-]/g, "").replace(/^1(?=\d{10}$)/, "");
      return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? ok(digits) : problem("must be a US phone number of 10 digits, e.g. (503) 555-0142");
    },
  },
  {
    name: "email",
    flag: "--email",
    prompt: "E-mail address",
    example: "office@example.com",
    check: (value) => (/^[^\s@"<>]+@[^\s@"<>]+\.[A-Za-z]{2,}$/.test(value) ? ok(value.toLowerCase()) : problem("must be an e-mail address, e.g. office@example.com")),
  },
  {
    name: "zip",
    flag: "--zip",
    prompt: "ZIP code of the town you work from",
    example: "97301",
    check: async (value) => {
      if (!/^\d{5}$/.test(value)) return problem("must be a US ZIP code of 5 digits, e.g. 97301");
      return (await knownZip(value)) ? ok(value) : problem(`${value} is not in the ZIP code list gopher-site knows (the zipcodes package); try the main ZIP code of your town`);
    },
  },
  {
    name: "street",
    flag: "--street",
    prompt: "Street address, if customers may come to you (Enter for none)",
    example: "1200 Main St, Suite 4",
    optional: true,
    check: (value) => (value.length <= 120 && !/[{}<>]/.test(value) && /\d/.test(value) ? ok(value) : problem("must be a street address with its number, e.g. 1200 Main St, Suite 4")),
  },
  {
    name: "hours",
    flag: "--hours",
    prompt: "Office hours (Enter for none)",
    example: "Mo-Fr 07:00-18:00, Sa 08:00-14:00",
    optional: true,
    check: (value) => {
      const parsed = parseHours(value);
      return "hours" in parsed ? ok(value) : problem(parsed.problem);
    },
  },
  {
    name: "host",
    flag: "--host",
    prompt: `Where the site will be published: ${HOSTS.join(", ")} (Enter to decide later)`,
    example: "netlify",
    optional: true,
    check: (value) => ((HOSTS as readonly string[]).includes(value.toLowerCase()) ? ok(value.toLowerCase()) : problem(`must be one of ${HOSTS.join(", ")} (docs/deploying.md compares them)`)),
  },
];

/** Asks one question on the terminal and returns what was typed. */
export type Ask = (question: Question, problem?: string) => Promise<string>;

/**
 * The answers, from the flags first; a missing one is asked on the terminal when there is one
 * (`ask`), and refused otherwise (`whyNotAsked` says why), every missing or wrong flag named at once.
 */
export async function collectAnswers(given: Partial<Record<AnswerName, string>>, ask: Ask | undefined, whyNotAsked = "there is no terminal to ask on"): Promise<Answers> {
  const answers: Partial<Answers> = {};
  const problems: string[] = [];
  for (const question of QUESTIONS) {
    const flagValue = given[question.name]?.trim();
    if (flagValue !== undefined && flagValue !== "") {
      const checked = await question.check(flagValue);
      if ("value" in checked) Object.assign(answers, { [question.name]: checked.value });
      else problems.push(...checked.problem.split("\n").map((line) => `${question.flag}  ${line}`));
      continue;
    }
    if (question.optional && (!ask || flagValue === "")) continue;
    if (!ask) {
      problems.push(`${question.flag}  missing: ${question.prompt}, e.g. ${question.flagExample ?? `${question.flag} "${question.example}"`}`);
      continue;
    }
    let retry: string | undefined;
    for (;;) {
      const typed = (await ask(question, retry)).trim();
      if (question.optional && typed === "") break;
      const checked = await question.check(typed);
      if ("value" in checked) {
        Object.assign(answers, { [question.name]: checked.value });
        break;
      }
      retry = checked.problem;
    }
  }
  if (problems.length > 0) {
    const why = ask ? "" : `\nNothing was asked (${whyNotAsked}): give every answer as a flag, see gopher-site init --help. Nothing was written.`;
    throw new UserError(`${problems.join("\n")}${why}`);
  }
  return answers as Answers;
}

/** A phone number of 10 digits as people read it and as tel: links take it. */
export function phoneForms(digits: string): { display: string; tel: string } {
  return { display: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, tel: `+1${digits}` };
}
