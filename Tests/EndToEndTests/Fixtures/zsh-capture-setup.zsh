# Sourced inside the interactive zsh that zsh-complete.zsh drives through a pty: loads the
# completion system with newsmenu's script (from $fpath or sourced, as NEWSMENU_ZSH_LOAD says),
# then makes each candidate that reaches compadd print itself, and the shell exit after one completion.
PROMPT=''
RPROMPT=''
if [[ $NEWSMENU_ZSH_LOAD == fpath ]]; then
    fpath=($NEWSMENU_ZSH_SCRIPT_DIR $fpath)
fi
autoload -Uz compinit
compinit -u -D
if [[ $NEWSMENU_ZSH_LOAD == source ]]; then
    source $NEWSMENU_ZSH_SCRIPT_DIR/_newsmenu
fi
bindkey '^I' complete-word
zstyle ':completion:*' insert-tab false
compadd() {
    # Calls that only collect matches (-O, -A, -D) are the completion system's own lookups.
    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)* ]]; then
        builtin compadd "$@"
        return
    fi
    local -a matches
    builtin compadd -O matches "$@"
    print -rl -- ${^matches/#/candidate:}
    builtin compadd "$@"
}
_newsmenu_capture_begin() { print -r -- "completion-""begin" }
_newsmenu_capture_end() { print -r -- "completion-""end"; exit }
compprefuncs=(_newsmenu_capture_begin)
comppostfuncs=(_newsmenu_capture_end)
print -r -- "setup-""ready"
