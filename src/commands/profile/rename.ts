import { Argument, Command } from 'commander';
import { moveNames } from '../../completion/names-cache.js';
import { LeafCommand } from '../../command.js';
import { withKeyLock } from '../../settings/key-lock.js';
import { checkFlag, profileName } from '../../validate/settings.js';
import { notes, withExamples } from '../../help/text.js';
import { completeWith } from '../../completion/values.js';
import { profileFields, viewOf } from './_shared/view.js';

export const renameCommand = (): Command =>
  withExamples(
    new LeafCommand('rename')
      .alias('mv')
      .description('Give a saved profile another name (the current profile stays current)')
      .addArgument(completeWith(new Argument('<old>', 'its name now'), { source: 'profiles' }))
      .addArgument(new Argument('<new>', 'its new name (letters, digits, ".", "_", "-")'))
      .addHelpText(
        'after',
        notes(
          '\nThe key, certificate and settings go with it. An existing profile is never replaced.\n' +
            'A profile dactl sandbox made becomes your own: the sandbox no longer replaces it.',
        ),
      )
      .local()
      .act(async (ctx, from: string, to: string) => {
        checkFlag('the profile name', from, profileName);
        checkFlag('the new name', to, profileName);
        const store = await ctx.profiles();
        store.get(from);
        // A login, rotation or logout of either name writes its profile back when done: wait
        // for it, so it cannot bring the old name back or land on the new one.
        const profile = await withKeyLock(store.dir, from, () =>
          withKeyLock(store.dir, to, async () => {
            store.reload();
            return store.rename(from, to);
          }),
        );
        moveNames(ctx.io.env, from, to);
        ctx.log.success(`Renamed profile "${from}" to "${to}".`);
        await ctx.out.record(viewOf(to, profile, store.current), profileFields);
      }),
    'dactl profile rename panel.example.com prod',
    'dactl profile rename sandbox my-test -o json',
  );
