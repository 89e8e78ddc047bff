# zsh -f zsh-complete.zsh SETUP LINE: types LINE and a Tab into an interactive zsh on a pty
# (after sourcing SETUP) and prints the candidates its completion system offered, one a line.
zmodload zsh/zpty
local setup=$1 line=$2 out chunk
zpty completer zsh -f -i
zpty -w completer "source ${(q)setup}"
zpty -r completer out '*setup-ready*' || { print -u2 "setup never finished"; exit 2 }
zpty -w -n completer "$line"$'\t'
out=''
# The completion's last hook exits the shell, which ends the reads.
while zpty -r completer chunk; do out+=$chunk; done
zpty -d completer
out=${out//$'\r'/}
out=${out#*completion-begin$'\n'}
[[ $out == *completion-end* ]] || { print -u2 -r -- "no completion ran: $out"; exit 3 }
out=${out%%completion-end*}
print -r -- ${(F)${(M)${(f)out}:#candidate:*}#candidate:}
