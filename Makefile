# Builds the engine for OpenBench (and anyone who prefers make): `make EXE=NAME` leaves the
# release binary at NAME. `NAME bench` then prints 'Nodes searched: N' and 'Nodes/second: N'
# last, the two lines OpenBench reads.

EXE ?= kraken
CARGO ?= cargo

.PHONY: all clean

all:
	$(CARGO) build --release --bin kraken
	cp target/release/kraken$(if $(filter Windows_NT,$(OS)),.exe,) $(EXE)

clean:
	$(CARGO) clean
