/* A translation unit built by energycc next to one built without the plugin:
 * its module registers with the runtime, so the program writes a report. */
int instrumented_unit(int X) { return X + 1; }
