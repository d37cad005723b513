import { existsSync } from "node:fs";
import { appendFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publish, unpublished } from "../../src/publish/publish.ts";
import { PublishClash } from "../../src/publish/remote-sync.ts";
import { addBareRemote, cloneOf, copySite, git, initSite, messages, siteCli } from "../helpers/git-repos.ts";
import { runCli } from "../helpers/run-cli.ts";
import { editProjectFile, removeDir } from "../helpers/sample-site.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folders = temporaryFolders("gopher-site-publish-");
let starter: string;

// One init for the file; each test publishes from its own copy of the repository.
beforeAll(async () => {
  starter = await initSite(await mkdtemp(path.join(tmpdir(), "gopher-site-starter-")));
});
afterAll(() => removeDir(path.dirname(starter)));

const STAYTON = `cities:
  - name: "Stayton"
    slug: stayton
    lat: 44.8007
    lng: -122.7945
    region: "OR"
    nearby: [salem, turner, aumsville]
    intro: "We offer mole removal in Stayton, OR, and the towns around it."
`;

function changePhone(dir: string, digits: string): Promise<void> {
  return editProjectFile(dir, "site.yaml", (text) =>
    text.replace(/display: "\(503\) 555-\d{4}"\n {2}tel: "\+1503555\d{4}"/, `display: "(503) 555-${digits}"\n  tel: "+1503555${digits}"`),
  );
}

/**
 * A site whose remote took someone else's phone number (0111, and `alsoTheirs` of theirs) while
 * the owner changed it to 0122 here, not yet published: a clash of the same lines at the next publish.
 */
async function clashingPhones(alsoTheirs: (other: string) => Promise<void> = async () => {}): Promise<{ dir: string; remote: string; theirs: string }> {
  const dir = await copySite(starter, folders());
  const remote = addBareRemote(dir);
  const other = cloneOf(remote);
  await changePhone(other, "0111");
  await alsoTheirs(other);
  expect((await siteCli(other, "publish")).code).toBe(0);
  await changePhone(dir, "0122");
  return { dir, remote, theirs: git(remote, "rev-parse", "main") };
}

function siteFileHasMarkers(dir: string): Promise<boolean> {
  return readFile(path.join(dir, "site.yaml"), "utf8").then((text) => /^(<<<<<<<|=======|>>>>>>>)/m.test(text));
}

describe("gopher-site publish without a remote", () => {
  it("saves the site's changed files as a version whose message says the changes in words, leaves the owner's other files out, and says how to connect a remote", async () => {
    const dir = await copySite(starter, folders());
    await changePhone(dir, "0199");
    await editProjectFile(dir, "site.yaml", (text) => text.replace("cities:\n", STAYTON));
    const article = (await readFile(path.join(dir, "content/blog/questions-to-ask-before-you-hire.md"), "utf8"))
      .replace(/^title: .*$/m, 'title: "Mole Season in Salem"')
      .replace(/^slug: .*$/m, "slug: mole-season");
    await writeFile(path.join(dir, "content/blog/mole-season.md"), article);
    await writeFile(path.join(dir, "notes.txt"), "prices to ask about\n");
    await appendFile(path.join(dir, "site.schema.json"), "\n");
    git(dir, "add", "notes.txt");
    // What the editor's Publish button will show, from the same module.
    expect(await unpublished(path.join(dir, "site.yaml"))).toEqual({ changes: ["Phone number changed", "Stayton added", "Article 'Mole Season in Salem' added"], versions: 0 });

    const result = await siteCli(dir, "publish");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const message = "Phone number changed; Stayton added; Article 'Mole Season in Salem' added";
    expect(messages(dir)[0]).toBe(message);
    expect(result.stdout).toContain(`Saved version ${git(dir, "rev-parse", "--short", "HEAD").trim()}: ${message} (2 files)\n`);
    expect(result.stdout).toContain("Left out (not the site's files, so not published): notes.txt, site.schema.json\n");
    expect(result.stdout).toContain("Kept here only: this repository has no remote to publish to. Connect one: git remote add origin <your repository's address>, then git push -u origin main;");
    expect(git(dir, "show", "--name-only", "--format=", "HEAD").split("\n").filter(Boolean)).toEqual(["content/blog/mole-season.md", "site.yaml"]);
    // The owner's other edits are as they were: the staged file still staged, the changed one still changed.
    expect(git(dir, "status", "--porcelain")).toBe("A  notes.txt\n M site.schema.json\n");
  });

  it("takes the message given with -m, and says when there is nothing to publish", async () => {
    const dir = await copySite(starter, folders());
    await changePhone(dir, "0123");
    expect((await siteCli(dir, "publish", "-m", "New number from the phone company")).code).toBe(0);
    expect(messages(dir)[0]).toBe("New number from the phone company");
    const again = await siteCli(dir, "publish");
    expect(again.code).toBe(0);
    expect(again.stdout).toBe("Nothing to publish: the site's files are as in the last version, and every version is pushed.\n");
    expect(messages(dir)).toHaveLength(2);
  });

  it("refuses a site that does not build, with its problems as check prints them, and saves nothing", async () => {
    const dir = await copySite(starter, folders());
    await editProjectFile(dir, "site.yaml", (text) => text.replace(/^email: .*$/m, 'email: "not an address"'));
    const head = git(dir, "rev-parse", "HEAD");
    const result = await siteCli(dir, "publish");
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      [
        "Not published: the site has problems (gopher-site check shows the same), so nothing was saved or pushed:",
        "site.yaml:22:8  email  must be an e-mail address, e.g. office@example.com",
        "",
        "1 problem found; nothing was written.",
        "",
      ].join("\n"),
    );
    expect(git(dir, "rev-parse", "HEAD")).toBe(head);
    expect(git(dir, "status", "--porcelain")).toBe(" M site.yaml\n");
  });
});

describe("gopher-site publish without git or a repository", () => {
  it("says how to start a repository, and that git must be installed, in one line each", async () => {
    const dir = await copySite(starter, folders());
    await rm(path.join(dir, ".git"), { recursive: true });
    const outside = await siteCli(dir, "publish");
    expect(outside.code).toBe(1);
    expect(outside.stderr).toBe(`${dir} is not in a git repository, so it has no versions to publish, list or undo: run git init there (gopher-site init makes one for a new site), then gopher-site publish\n`);
    const noGit = await runCli(["history"], { cwd: dir, env: { PATH: path.join(dir, "no-such-folder") } });
    expect(noGit.code).toBe(1);
    expect(noGit.stderr).toBe("git is not installed, and gopher-site keeps the site's versions with it: install git (https://git-scm.com, or apt install git / brew install git), then run this again\n");
  });
});

describe("gopher-site publish to a remote (a bare repository)", () => {
  it("pushes the new version to the branch's upstream", async () => {
    const dir = await copySite(starter, folders());
    const remote = addBareRemote(dir);
    await changePhone(dir, "0199");
    const result = await siteCli(dir, "publish");
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("Published: pushed 1 version to origin/main.\n");
    expect(messages(remote, "main")).toEqual(["Phone number changed", "Site started with gopher-site init"]);
  });

  it("never commits a dot-file of public/ such as public/.env, and says so; public/.well-known/ is published, and undo is not held up by it", async () => {
    const dir = await copySite(starter, folders());
    const remote = addBareRemote(dir);
    await changePhone(dir, "0155");
    await mkdir(path.join(dir, "public/.well-known"), { recursive: true });
    await writeFile(path.join(dir, "public/.well-known/security.txt"), "Contact: mailto:security@example.com\n");
    await writeFile(path.join(dir, "public/.env"), "SMTP_PASSWORD=hunter2\n");
    const notice = "notice Not published: public/.env (files and folders starting with a dot are never published, being where secrets such as .env are kept; only public/.well-known/ is).\n";

    const result = await siteCli(dir, "publish");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    // Named once: the build's notice and publish's are the same line.
    expect(result.stdout.split(notice)).toHaveLength(2);
    expect(result.stdout).toContain(`Saved version ${git(dir, "rev-parse", "--short", "HEAD").trim()}: Phone number changed; File .well-known/security.txt added (2 files)\n`);
    expect(git(remote, "show", "--name-only", "--format=", "main").split("\n").filter(Boolean)).toEqual(["public/.well-known/security.txt", "site.yaml"]);
    expect(git(remote, "ls-tree", "-r", "--name-only", "main", "--", "public/.env")).toBe("");
    expect(git(dir, "status", "--porcelain")).toBe("?? public/.env\n");

    const again = await siteCli(dir, "publish");
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`Nothing to publish: the site's files are as in the last version, and every version is pushed.\n${notice}`);

    const undo = await siteCli(dir, "undo", git(dir, "rev-parse", "--short", "HEAD").trim());
    expect(undo.stderr).toBe("");
    expect(undo.code).toBe(0);
    expect(git(dir, "status", "--porcelain")).toBe("?? public/.env\n");
  });

  it("takes in a version someone else published meanwhile on other lines, then pushes both; the owner's other edits stay", async () => {
    const dir = await copySite(starter, folders());
    const remote = addBareRemote(dir);
    const other = cloneOf(remote);
    await editProjectFile(other, "site.yaml", (text) => text.replace(/^email: .*$/m, 'email: "info@cascademole.example.com"'));
    expect((await siteCli(other, "publish")).code).toBe(0);
    const theirs = git(other, "rev-parse", "--short", "HEAD").trim();

    await changePhone(dir, "0177");
    await appendFile(path.join(dir, "site.schema.json"), "\n");
    const result = await siteCli(dir, "publish");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`Took in 1 version published meanwhile: ${theirs} \\d{4}-\\d\\d-\\d\\d E-mail address changed\n`));
    expect(result.stdout).toContain("Published: pushed 1 version to origin/main.\n");
    expect(messages(remote, "main")).toEqual(["Phone number changed", "E-mail address changed", "Site started with gopher-site init"]);
    const published = git(remote, "show", "main:site.yaml");
    expect(published).toContain('display: "(503) 555-0177"');
    expect(published).toContain('email: "info@cascademole.example.com"');
    expect(git(dir, "status", "--porcelain")).toBe(" M site.schema.json\n");
  });

  it("stops when someone else published a change to the same lines: exit 1, the owner's change in their files, theirs alone on the remote, no conflict markers", async () => {
    const { dir, remote, theirs } = await clashingPhones();
    const result = await siteCli(dir, "publish");
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^Not published: someone else published a change to the same lines of site.yaml meanwhile \\(${theirs.slice(0, 7)}\\w* \\d{4}-\\d\\d-\\d\\d Phone number changed\\)\\. ` +
          "Your change is kept in your files, saved here as a version; theirs stays on origin/main\\.\n" +
          "To publish, choose between the two: Publish in the editor \\(gopher-site edit\\) shows yours and theirs for each value; or in a terminal: " +
          "git pull --rebase, edit the lines between <<<<<<< and >>>>>>> in site.yaml, git add site.yaml, git rebase --continue, then gopher-site publish\\.\n$",
      ),
    );
    expect(await readFile(path.join(dir, "site.yaml"), "utf8")).toContain('display: "(503) 555-0122"');
    expect(await siteFileHasMarkers(dir)).toBe(false);
    expect(git(dir, "status", "--porcelain")).toBe("");
    expect(existsSync(path.join(dir, ".git", "rebase-merge"))).toBe(false);
    expect(git(remote, "rev-parse", "main")).toBe(theirs);
    const history = await siteCli(dir, "history");
    expect(history.stdout.split("\n")[0]).toMatch(/^\w+ {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}Phone number changed {2}\(not pushed yet\)$/);
    expect(history.stdout.split("\n")[1]).toMatch(/^\w+ {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}Site started with gopher-site init$/);
  });

  it("settles a clash of the same lines in values, as the owner chose: yours or published for each field, every other change of both kept", async () => {
    const { dir, remote } = await clashingPhones((other) => editProjectFile(other, "site.yaml", (text) => text.replace(/^email: .*$/m, 'email: "front-desk@cascademole.example.com"')));
    const config = path.join(dir, "site.yaml");

    const clash = await publish({ config }).then(() => undefined, (error: unknown) => error);
    expect(clash).toBeInstanceOf(PublishClash);
    expect((clash as PublishClash).files).toEqual([
      {
        file: "site.yaml",
        fields: [
          { field: "phone.display", yours: "(503) 555-0122", published: "(503) 555-0111" },
          { field: "phone.tel", yours: "+15035550122", published: "+15035550111" },
        ],
      },
    ]);
    // A choice for one field only: still stopped, nothing changed.
    await expect(publish({ config, choices: { "site.yaml": { "phone.display": "yours" } } })).rejects.toThrow(PublishClash);
    expect(git(dir, "status", "--porcelain")).toBe("");

    const result = await publish({ config, choices: { "site.yaml": { "phone.display": "yours", "phone.tel": "yours" } } });
    expect(result.pushed?.tookIn).toHaveLength(1);
    const published = git(remote, "show", "main:site.yaml");
    expect(published).toContain('display: "(503) 555-0122"');
    expect(published).toContain('tel: "+15035550122"');
    expect(published).toContain('email: "front-desk@cascademole.example.com"');
    expect(await readFile(config, "utf8")).toBe(published);
    expect(await siteFileHasMarkers(dir)).toBe(false);
    expect(messages(remote).slice(0, 2)).toEqual(["Phone number changed", "Phone number changed; E-mail address changed"]);
  });

  it("settles a clash in values for a site in a folder of its repository, writing there and nowhere else", async () => {
    // The repository holds the site in site/ (beside other things of the company's).
    const top = path.join(folders(), "company");
    await cp(starter, path.join(top, "site"), { recursive: true, filter: (source) => !source.includes(`${path.sep}.git`) });
    git(path.dirname(top), "init", "-q", "-b", "main", top);
    git(top, "add", "-A");
    git(top, "commit", "-q", "-m", "Site moved into site/");
    const remote = addBareRemote(top);
    const other = cloneOf(remote);
    await changePhone(path.join(other, "site"), "0111");
    expect((await siteCli(path.join(other, "site"), "publish")).code).toBe(0);
    await changePhone(path.join(top, "site"), "0122");
    const config = path.join(top, "site", "site.yaml");
    const clash = await publish({ config }).then(() => undefined, (error: unknown) => error);
    expect((clash as PublishClash).files.map((file) => file.file)).toEqual(["site.yaml"]);
    expect(existsSync(path.join(top, "site", ".git", "rebase-merge")) || existsSync(path.join(top, ".git", "rebase-merge"))).toBe(false);
    await publish({ config, choices: { "site.yaml": { "phone.display": "yours", "phone.tel": "yours" } } });
    expect(git(remote, "show", "main:site/site.yaml")).toContain('display: "(503) 555-0122"');
    expect(existsSync(path.join(top, "site", "site", "site.yaml"))).toBe(false);
    expect(git(top, "status", "--porcelain")).toBe("");
  });

  it("drops the owner's version when every change in it was given up for the published one", async () => {
    const { dir, remote, theirs } = await clashingPhones();
    const result = await publish({ config: path.join(dir, "site.yaml"), choices: { "site.yaml": { "phone.display": "published", "phone.tel": "published" } } });
    expect(result.pushed?.versions).toBe(0);
    expect(git(remote, "rev-parse", "main")).toBe(theirs);
    expect(await readFile(path.join(dir, "site.yaml"), "utf8")).toContain('display: "(503) 555-0111"');
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("never pushes a site that fails check: versions that join cleanly but do not build together are stopped, the remote untouched", async () => {
    const dir = await copySite(starter, folders());
    const remote = addBareRemote(dir);
    const other = cloneOf(remote);
    // Both add a town with the slug stayton, at the two ends of the list: git joins them, the build refuses two.
    await editProjectFile(other, "site.yaml", (text) => text.replace("cities:\n", STAYTON));
    expect((await siteCli(other, "publish")).code).toBe(0);
    const theirs = git(remote, "rev-parse", "main");
    await appendFile(path.join(dir, "site.yaml"), STAYTON.replace("cities:\n", "").replace('"Stayton"', '"Stayton Hills"'));
    const result = await siteCli(dir, "publish");
    expect(result.code).toBe(1);
    const lines = result.stderr.split("\n");
    expect(lines[0]).toBe("Not published: your version and the ones published meanwhile on origin/main do not build together. Both are in your files now; fix these, then publish again:");
    expect(lines[1]).toMatch(/^site\.yaml:\d+:\d+ {2}cities\.\d+\.slug {2}.*stayton/);
    expect(git(remote, "rev-parse", "main")).toBe(theirs);
    expect(await siteFileHasMarkers(dir)).toBe(false);
  });
});
